import type { IncomingMessage, ServerResponse } from 'node:http'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import helmet, { type HelmetOptions } from 'helmet'
import type { Config } from '../env.ts'
import { HttpError } from './errors.ts'

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's body is a file upload (multipart/form-data), not JSON. */
    upload?: boolean
    /**
     * RFC 8058's one-click POST: a mail client's form, cross-site and without a session. Only a route that
     * reads no session and is authorized by a signed token in its address may say so (decision 049).
     */
    oneClick?: boolean
  }
}

/**
 * Helmet's headers, worked out once. They don't depend on the request (no CSP nonces), and @fastify/helmet
 * rebuilds helmet's middleware on every request, which was 3.5 % of the server's CPU under load
 * (docs/decisions/011-security-headers.md).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string | number) => (headers[name] = String(value)),
    removeHeader: (name: string) => delete headers[name],
  }
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error
  })
  return headers
}

/**
 * The CSP source of the tile server: its origin, `{s}` subdomains as a wildcard. Only an http: server needs naming
 * (https: is allowed already), e.g. a tile server on the local network.
 */
export function tileSource(template: string): string[] {
  const url = new URL(template.replace('{s}', 'tiles-subdomain'))
  if (url.protocol === 'https:') return []
  return [url.origin.replace('tiles-subdomain', '*')]
}

/** Security headers, and the API's refusal of cross-site writes (docs/architecture.md §5.4 and §5.6). */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = config.baseUrl.startsWith('https://')
  const headers = {
    ...securityHeaders({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          // Profile photos are links to any image host the person chose; listing photos are ours (/photos/), their
          // placeholders data: URLs, and a photo being uploaded is previewed from a blob: URL; the map's tiles come
          // from TILE_URL's host.
          imgSrc: ["'self'", 'data:', 'blob:', 'https:', ...tileSource(config.tiles.url)],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          // The service worker (/sw.js) and the web app manifest, both from our own origin (decision 098).
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          formAction: ["'self'", ...(config.google ? [new URL(config.google.discoveryUrl).origin] : [])],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          ...(https ? { upgradeInsecureRequests: [] } : {}),
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), interest-cohort=()',
  }
  const siteOrigins = new Set(config.siteOrigins)
  // A person who opened the site at another address (an IP for a host name) is told where it lives.
  const elsewhere = `Cross-site requests are not allowed. Nestmate's address is ${config.baseUrl}: open it there and try again.`
  /** The refusal a cross-site or non-JSON write to the API gets, or undefined to let the request through. */
  function refuseWrite(request: FastifyRequest): HttpError | undefined {
    // The matched route, not the raw URL: `/%61pi/…` reaches the same handlers as `/api/…`.
    const route = request.routeOptions.url ?? ''
    if (!WRITE_METHODS.has(request.method) || !route.startsWith('/api/')) return undefined
    if (request.routeOptions.config.oneClick) {
      const type = request.headers['content-type'] ?? ''
      return /^(application\/x-www-form-urlencoded|application\/json)\s*(;|$)/i.test(type)
        ? undefined
        : new HttpError(415, 'Send the body as application/x-www-form-urlencoded.')
    }
    const site = request.headers['sec-fetch-site']
    if (site && site !== 'same-origin' && site !== 'none')
      return new HttpError(403, 'Cross-site requests are not allowed.')
    const origin = request.headers.origin
    if (origin && !siteOrigins.has(origin)) return new HttpError(403, elsewhere)
    // Only JSON bodies: an HTML form can't send them, so a forged form post never reaches a handler.
    // Better Auth reads its own bodies; its origin check alone let a cross-site sign-out through.
    if (request.method !== 'DELETE' && !route.startsWith('/api/auth/')) {
      const type = request.headers['content-type'] ?? ''
      if (request.routeOptions.config.upload) {
        if (!/^multipart\/form-data\s*;/i.test(type))
          return new HttpError(415, 'Send the photo as multipart/form-data.')
        // An HTML form can post multipart/form-data too: an upload goes through only when the browser says it
        // comes from our own pages (every browser that sends a form's POST sends one of these).
        if (site !== 'same-origin' && !(origin && siteOrigins.has(origin)))
          return new HttpError(403, 'Cross-site requests are not allowed.')
      } else if (!/^application\/json\s*(;|$)/i.test(type)) {
        return new HttpError(415, 'Send the body as application/json.')
      }
    }
    return undefined
  }
  // One synchronous hook for every request: an async one costs a promise per request, for a check that reads
  // headers only.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers)
    done(refuseWrite(request))
  })
}
