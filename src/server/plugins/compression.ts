import compress from '@fastify/compress'
import type { FastifyInstance } from 'fastify'

/**
 * Compresses answers over 1 kB (a browse page is ~7 kB of JSON) when the client accepts it; brotli at quality 4,
 * @fastify/compress's default for on-the-fly work. Built assets are compressed once at build time instead
 * (scripts/compress-assets.ts) and served as they are by @fastify/static, which this plugin leaves alone.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] })
}
