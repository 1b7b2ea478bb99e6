type Json = Record<string, unknown>
type Paths = Record<string, Record<string, Json & { responses?: Record<string, Json> }>>

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch'])

const NO_STORE = {
  description: 'Never kept by a browser or a proxy: the answer may be personal, or an error.',
  required: true,
  schema: { type: 'string', const: 'no-store' },
}
const PUBLIC = {
  description: 'The same answer for everyone: browsers and proxies may keep it for `max-age` seconds.',
  required: true,
  schema: { type: 'string', pattern: '^public, max-age=\\d+$' },
}

/**
 * Each answer's `Cache-Control` as plugins/cache-control.ts sets it: `no-store`, except the successful answers of
 * a route declared `cache: 'public'` (`publicRoutes`, "METHOD /path" as Fastify registered it). Written into the
 * document from the same declarations, so a client, and the conformance tests, can hold every answer to it.
 */
export function addCacheHeaders(paths: Paths, publicRoutes: Set<string>): void {
  for (const [path, item] of Object.entries(paths))
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) continue
      const route = `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        const mayKeep = publicRoutes.has(route) && Number(status) < 400
        response.headers = {
          ...(response.headers as Json | undefined),
          'Cache-Control': mayKeep ? PUBLIC : NO_STORE,
        }
      }
    }
}
