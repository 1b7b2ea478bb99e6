import { z } from 'zod'
import type { Auth } from '../auth.ts'
import { errorStatuses } from './error-statuses.ts'
import { SESSION_SCHEME } from './route-operation.ts'

type Json = Record<string, unknown>
type Operation = Json & { responses: Record<string, Json>; operationId?: string }

export const AUTH_BASE = '/api/auth'

/**
 * Better Auth describes a POST /get-session, but answers it 405 unless `session.deferSessionRefresh` is on,
 * which Nestmate leaves off.
 */
const NOT_SERVED = new Set(['POST /get-session'])

/**
 * A refusal from an account endpoint: Better Auth's `{ message, code }` with the API's `error` beside them
 * (plugins/auth.ts); the ones Nestmate answers before Better Auth (cross-site, not JSON, too large) are `{ error }`.
 */
const AuthErrorSchema = z.object({
  error: z.string(),
  message: z.string().optional(),
  code: z.string().optional(),
})

/**
 * Better Auth writes OpenAPI 3.0's `nullable: true` into its 3.1 document; JSON Schema 2020-12 says it with a
 * `null` type. And a model field it doesn't require is a column that may be null (a person without a photo).
 */
function normalize(schema: unknown, optionalMayBeNull = false): unknown {
  if (Array.isArray(schema)) return schema.map((item) => normalize(item))
  if (!schema || typeof schema !== 'object') return schema
  const { nullable, ...rest } = schema as Json
  const out: Json = {}
  for (const [key, value] of Object.entries(rest)) {
    if (key === 'properties' && value && typeof value === 'object') {
      const required = new Set((rest.required as string[] | undefined) ?? [])
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, property]) => [
          name,
          normalize(optionalMayBeNull && !required.has(name) ? { ...property, nullable: true } : property),
        ]),
      )
    } else out[key] = normalize(value)
  }
  if (nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null']
    else if (out.$ref) return { anyOf: [{ $ref: out.$ref }, { type: 'null' }] }
  }
  return out
}

const capitalized = (word: string) => word[0]!.toUpperCase() + word.slice(1)

/**
 * Better Auth's own description of its endpoints (its openAPI plugin, asked through auth.api), as operations of
 * Nestmate's document under /api/auth: the same error shape and derived statuses as every other route, the
 * session cookie as the way to call them signed in (Better Auth decides which need it, and answers 401 itself).
 */
export async function authOperations(auth: Auth) {
  const generated = (await auth.api.generateOpenAPISchema()) as unknown as {
    paths: Record<string, Record<string, Operation>>
    components: { schemas: Record<string, unknown> }
  }
  const errorSchema = z.toJSONSchema(AuthErrorSchema, { io: 'output' }) as Json
  delete errorSchema.$schema
  const paths: Record<string, Record<string, Operation>> = {}
  for (const [path, operations] of Object.entries(generated.paths)) {
    const url = `${AUTH_BASE}${path}`
    paths[url] = {}
    for (const [method, operation] of Object.entries(operations)) {
      if (NOT_SERVED.has(`${method.toUpperCase()} ${path}`)) continue
      const responses: Record<string, Json> = {}
      for (const [status, response] of Object.entries(operation.responses)) {
        if (!status.startsWith('2')) continue
        responses[status] = normalize(response) as Json
      }
      const fastifyUrl = url.replace(/\{(\w+)\}/g, ':$1')
      const route = { method: method.toUpperCase(), url: fastifyUrl, config: { rateLimit: true } }
      const statuses = errorStatuses(route)
      // Better Auth refuses bad input, a missing session and what isn't the caller's in its own words.
      for (const [status, meaning] of [
        [400, 'Invalid input.'],
        [401, 'Not signed in, or a wrong e-mail or password.'],
        [403, 'Not allowed.'],
        [404, 'Not found.'],
      ] as const)
        statuses.set(status, statuses.has(status) ? `${meaning}; ${statuses.get(status)}` : meaning)
      for (const [status, meaning] of statuses)
        responses[status] = { description: meaning, content: { 'application/json': { schema: errorSchema } } }
      // Links in mails and the provider's return land on these, and are sent on to a page.
      if (method === 'get' || path.includes('callback'))
        responses[302] = {
          description: 'Sent on to `callbackURL`, or to an error page; no body.',
          headers: { Location: { required: true, schema: { type: 'string', minLength: 1 } } },
        }
      paths[url][method] = {
        ...(normalize(operation) as Operation),
        operationId: `auth${capitalized(operation.operationId ?? `${method}${path.replace(/\W+/g, '-')}`)}`,
        tags: ['auth'],
        security: [{}, { [SESSION_SCHEME]: [] }],
        responses,
      }
    }
  }
  const schemas = Object.fromEntries(
    Object.entries(generated.components.schemas).map(([name, schema]) => [name, normalize(schema, true)]),
  )
  return { paths, schemas }
}
