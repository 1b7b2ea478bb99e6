import type { SwaggerTransform } from '@fastify/swagger'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { z, type ZodType } from 'zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import { EventStreamSchema } from '../live/sse.ts'
import type { RouteAuth } from '../plugins/route-auth.ts'
import { errorStatuses, type RouteDeclaration } from './error-statuses.ts'

/** The name of the session cookie's security scheme in the document. */
export const SESSION_SCHEME = 'sessionCookie'

type RateLimit = { max: number; timeWindow: number }

const HOUR = 60 * 60 * 1000
const JSON_WRITES = new Set(['POST', 'PUT', 'PATCH'])
const EmptyBodySchema = z.object({}).describe('Nothing to send but an empty JSON object, `{}`.')
const per = (limit: RateLimit) =>
  limit.timeWindow === HOUR ? 'an hour' : `per ${Math.round(limit.timeWindow / 60_000)} minutes`

function who(auth: RouteAuth | undefined): string {
  if (auth === 'signed-in') return 'signed in (401 without a session)'
  if (auth === 'moderator') return 'a moderator (401 without a session, 403 for anyone else)'
  if (typeof auth === 'object') return 'the owner (401 without a session, 403 for anyone else)'
  return 'anyone (a session, if sent, may change the answer)'
}

/** `GET /api/roommate-listings/:id` → `getRoommateListingsById`. */
export function operationId(method: string, url: string): string {
  const words = url
    .replace(/^\/api\//, '')
    .split(/[^\w:]+/)
    .filter(Boolean)
    .map((word) => (word.startsWith(':') ? `By-${word.slice(1)}` : word))
    .flatMap((word) => word.split('-'))
  return method.toLowerCase() + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('')
}

/**
 * One route as an OpenAPI operation: the zod schemas it declares (fastify-type-provider-zod turns them into JSON
 * Schema 2020-12), every error status it can answer with the API's error shape (error-statuses.ts), who may
 * call it, and its rate limit. Only `/api` routes are documented; Better Auth's wildcard is replaced by its own
 * operations (auth-operations.ts).
 */
export const routeOperation: SwaggerTransform = (input) => {
  const { url, route } = input
  if (!url.startsWith('/api/') || url === '/api/auth/*') return { schema: { hide: true }, url }
  const declaration = route as unknown as RouteDeclaration
  const config = declaration.config ?? {}
  const declared = (input.schema?.response ?? {}) as Record<string, ZodType>
  const response: Record<string, ZodType> = {}
  for (const [status, schema] of Object.entries(declared))
    response[status] = schema.describe(schema.description ?? (status.startsWith('2') ? 'OK' : 'Refused.'))
  for (const [status, meaning] of errorStatuses(declaration)) {
    const own = declared[status]
    // Fastify's own answer while the server closes adds `message` and `statusCode` to `error`.
    const schema = own ?? (status === 503 ? ApiErrorSchema.loose() : ApiErrorSchema)
    response[status] = schema.describe(own?.description ? `${own.description}; ${meaning}` : meaning)
  }
  const rateLimit = config.rateLimit as RateLimit | undefined
  const method = Array.isArray(route.method) ? route.method[0]! : route.method
  // Every write but a DELETE must be JSON (plugins/security.ts), body or not: `{}` will do.
  const body = input.schema?.body ?? (JSON_WRITES.has(method) && !config.upload ? EmptyBodySchema : undefined)
  const { schema } = jsonSchemaTransform({
    ...input,
    schema: {
      ...input.schema,
      body,
      response,
      operationId: operationId(method, url),
      tags: [url.split('/')[2]!],
      description: [
        `Who: ${who(config.auth)}.`,
        ...(rateLimit ? [`At most ${rateLimit.max} ${per(rateLimit)} per person.`] : []),
      ].join(' '),
      security: config.auth === 'public' ? [{}, { [SESSION_SCHEME]: [] }] : [{ [SESSION_SCHEME]: [] }],
    } as never,
  })
  if (config.upload) {
    // The photo is a multipart/form-data body the handler reads itself, so the route declares no body schema.
    Object.assign(schema, {
      consumes: ['multipart/form-data'],
      body: {
        type: 'object',
        properties: { photo: { type: 'string', contentMediaType: 'image/*', description: 'One picture.' } },
        required: ['photo'],
      },
    })
  }
  if (declared['200'] === EventStreamSchema) {
    // An event stream is no JSON document: its 200 is text the browser's EventSource reads.
    const responses = (schema as { response: Record<string, unknown> }).response
    responses['200'] = {
      description: EventStreamSchema.description,
      content: { 'text/event-stream': { schema: { type: 'string' } } },
    }
  }
  return { schema, url }
}
