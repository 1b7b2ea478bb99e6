import { promisify } from 'node:util'
import { brotliCompress, constants, gzip } from 'node:zlib'
import type { FastifyInstance } from 'fastify'

const THRESHOLD = 1024
// What is worth compressing: JSON, HTML and other text. Images and fonts are compressed already.
const COMPRESSIBLE = /^(?:text\/|application\/(?:json|javascript|xml|manifest\+json)|image\/svg\+xml)/i
// Brotli at quality 4, the usual level for on-the-fly work (11 is for build time).
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }
const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)
const compress = (encoding: 'br' | 'gzip', data: Buffer | string) =>
  encoding === 'br' ? brotli(data, BROTLI) : gzipped(data)

/** The encoding to answer in for an Accept-Encoding header: brotli first, then gzip; none for q=0 or neither. */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | undefined {
  if (!header) return undefined
  const weights = new Map<string, number>()
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';')
    const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find(Boolean)
    weights.set(name.trim().toLowerCase(), q === undefined ? 1 : Number(q))
  }
  const weight = (name: string) => weights.get(name) ?? weights.get('*') ?? 0
  const br = weight('br')
  const gz = weight('gzip')
  if (br <= 0 && gz <= 0) return undefined
  return br >= gz ? 'br' : 'gzip'
}

/**
 * Compresses answers over 1 kB (a browse page is ~7 kB of JSON) for a client that accepts it, in one call to
 * zlib. One `onSend` hook, which returns at once for a request without Accept-Encoding or a small answer:
 * @fastify/compress put three hooks on every route (one to decorate the reply, one to decompress request bodies,
 * which no Nestmate client sends, and `onSend`), and piped each answer through streams
 * (docs/decisions/020-request-fixed-cost.md). Built assets are compressed at build time
 * (scripts/compress-assets.ts) and served as files by @fastify/static, which this hook leaves alone.
 */
export async function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    const accept = request.headers['accept-encoding']
    if (accept === undefined || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return done()
    if (payload.length < THRESHOLD || reply.hasHeader('content-encoding')) return done()
    if (!COMPRESSIBLE.test(String(reply.getHeader('content-type') ?? ''))) return done()
    const encoding = preferredEncoding(accept)
    if (!encoding) return done()
    compress(encoding, payload).then((body) => {
      const vary = reply.getHeader('vary')
      if (!vary) reply.header('vary', 'accept-encoding')
      else if (!/accept-encoding/i.test(String(vary)))
        reply.header('vary', `${String(vary)}, accept-encoding`)
      reply.header('content-encoding', encoding).removeHeader('content-length')
      done(null, body)
    }, done)
  })
}
