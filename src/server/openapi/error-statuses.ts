import type { RouteAuth } from '../plugins/route-auth.ts'

/** What a route declares, as Fastify hands it to an onRoute hook or to the OpenAPI transform. */
export type RouteDeclaration = {
  method: string | string[]
  url: string
  schema?: Record<string, unknown>
  config?: { auth?: RouteAuth; rateLimit?: unknown; upload?: boolean; oneClick?: boolean }
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const INPUTS = ['params', 'querystring', 'body', 'headers'] as const

/**
 * The error statuses an API route can answer, each with what it means, worked out from the route's own
 * declarations rather than listed by hand, so a route added later is documented without anyone remembering
 * (docs/decisions/033-openapi.md). The app-wide parts each add theirs: the schema check (400), route-auth.ts
 * (401; 403 and 404 for owner routes), a path parameter (404: what it names may not exist; 414 too long), the
 * per-person rate limits (429), an upload's limits while it arrives (408, 429, 503; decision 034), security.ts
 * and the body parser for writes (400 not JSON, 403 cross-site, 413, 415), and the error handler for everyone
 * (500, 503). What only a handler knows (a like of one's own listing is 403) the route declares in its response
 * schemas.
 */
export function errorStatuses(route: RouteDeclaration): Map<number, string> {
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  const auth = route.config?.auth
  const statuses = new Map<number, string>()
  const add = (status: number, meaning: string) => {
    const before = statuses.get(status)
    statuses.set(status, before ? `${before}; ${meaning}` : meaning)
  }
  const isWrite = methods.some((method) => WRITES.has(method))
  if (INPUTS.some((input) => route.schema?.[input] !== undefined))
    add(400, 'Invalid input (`issues` says where).')
  if (isWrite) add(400, 'The body is not valid JSON (or, for an upload, not a valid form).')
  if (auth !== undefined && auth !== 'public') add(401, 'Not signed in.')
  if (typeof auth === 'object') add(403, 'Not yours.')
  if (auth === 'moderator') add(403, 'Not a moderator.')
  // A one-click unsubscribe is posted cross-site by design (plugins/security.ts).
  if (isWrite && !route.config?.oneClick) add(403, 'A cross-site request.')
  if (typeof auth === 'object' || route.url.includes('/:')) add(404, 'Not found.')
  const upload = route.config?.upload === true
  if (upload) add(408, 'The upload stalled or took too long to arrive (`Retry-After`).')
  if (isWrite) add(413, 'The body is too large.')
  if (route.url.includes('/:')) add(414, 'A path parameter over 100 characters.')
  if (isWrite)
    add(
      415,
      route.config?.upload
        ? 'Not multipart/form-data.'
        : route.config?.oneClick
          ? 'Neither a form (application/x-www-form-urlencoded) nor application/json.'
          : 'Not application/json.',
    )
  if (route.config?.rateLimit) add(429, 'Too many requests (`Retry-After` says when to try again).')
  if (upload) add(429, 'Two uploads of yours are already arriving (`Retry-After`).')
  add(500, 'A fault on the server (no details).')
  add(503, 'The database is unavailable, or the server is shutting down; try again shortly.')
  if (upload) add(503, 'The photo process is busy or holds all the uploads it may (`Retry-After`).')
  return statuses
}
