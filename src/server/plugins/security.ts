import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import type { Config } from '../env.ts'
import { HttpError } from './errors.ts'

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/** Security headers, and the API's refusal of cross-site writes (DESIGN.md §5). */
export async function registerSecurity(app: FastifyInstance, config: Config) {
  const https = config.baseUrl.startsWith('https://')
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Profile photos are links to any image host the person chose.
        imgSrc: ["'self'", 'data:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        formAction: ["'self'", ...(config.google ? [new URL(config.google.discoveryUrl).origin] : [])],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  })
  app.addHook('onSend', async (_request, reply) => {
    reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), interest-cohort=()')
  })

  const ownOrigin = new URL(config.baseUrl).origin
  app.addHook('onRequest', async (request) => {
    // The matched route, not the raw URL: `/%61pi/…` reaches the same handlers as `/api/…`.
    const route = request.routeOptions.url ?? ''
    if (!WRITE_METHODS.has(request.method) || !route.startsWith('/api/')) return
    const site = request.headers['sec-fetch-site']
    if (site && site !== 'same-origin' && site !== 'none')
      throw new HttpError(403, 'Cross-site requests are not allowed.')
    const origin = request.headers.origin
    if (origin && origin !== ownOrigin) throw new HttpError(403, 'Cross-site requests are not allowed.')
    // Only JSON bodies: an HTML form can't send them, so a forged form post never reaches a handler.
    // Better Auth reads its own bodies; its origin check alone let a cross-site sign-out through.
    if (request.method !== 'DELETE' && !route.startsWith('/api/auth/')) {
      const type = request.headers['content-type'] ?? ''
      if (!/^application\/json\s*(;|$)/i.test(type))
        throw new HttpError(415, 'Send the body as application/json.')
    }
  })
}
