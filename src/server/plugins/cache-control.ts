import type { FastifyInstance, FastifyRequest } from 'fastify'
import { isApiPath, pathnameOf } from './api-paths.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answer is the same for every caller, so browsers and shared caches may keep it; the route sets
     * its own `Cache-Control` (`public, max-age=…`). Only a route declared `auth: 'public'` may say so.
     */
    cache?: 'public'
  }
}

export const NO_STORE = 'no-store'
const cacheable = new WeakMap<FastifyInstance, Set<string>>()

// A request no route matched is judged by its path: an unknown API path is the API's 404, /api/docs a page.
const isApi = (request: FastifyRequest) => isApiPath(request.routeOptions.url ?? pathnameOf(request.url))

/**
 * Every API answer is `Cache-Control: no-store` unless its route declares `cache: 'public'` beside its `auth`
 * (docs/decisions/015). Set here, as the answer leaves, over whatever the handler set: a personal answer can't be
 * kept by a browser or a proxy because a route forgot to say so, and an error is never kept at all.
 * Call on the root instance before any route is registered.
 */
export function registerCacheControl(app: FastifyInstance) {
  const declared = new Set<string>()
  cacheable.set(app, declared)
  app.addHook('onRoute', (route) => {
    const config = route.config as { auth?: unknown; cache?: string } | undefined
    if (config?.cache === undefined) return
    if (config.cache !== 'public' || config.auth !== 'public')
      throw new Error(`${route.url}: only a route anyone may call can declare cache: 'public'`)
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    for (const method of methods) if (method !== 'HEAD') declared.add(`${method} ${route.url}`)
  })
  // Synchronous: one header on every API answer shouldn't cost a promise.
  app.addHook('onSend', (request, reply, _payload, done) => {
    if (isApi(request) && (request.routeOptions.config.cache !== 'public' || reply.statusCode >= 400))
      reply.header('cache-control', NO_STORE)
    done()
  })
}

/** The API routes ("METHOD /path") declared `cache: 'public'`, for the authorization matrix. */
export function publicCacheRoutes(app: FastifyInstance): Set<string> {
  return cacheable.get(app) ?? new Set()
}
