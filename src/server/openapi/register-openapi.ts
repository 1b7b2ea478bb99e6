import swagger from '@fastify/swagger'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransformObject, type ZodTypeProvider } from 'fastify-type-provider-zod'
import type { OpenAPIV3_1 } from 'openapi-types'
import { z } from 'zod'
import type { Auth } from '../auth.ts'
import { authOperations } from './auth-operations.ts'
import { routeOperation, SESSION_SCHEME } from './route-operation.ts'

export const OPENAPI_PATH = '/api/openapi.json'

const OpenApiDocumentSchema = z
  .looseObject({
    openapi: z.string(),
    info: z.looseObject({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.unknown()),
  })
  .describe('This document: OpenAPI 3.1, its schemas JSON Schema 2020-12.')

/**
 * `GET /api/openapi.json`: the API described by the routes' own declarations (docs/decisions/033-openapi.md).
 * Call before any route is registered: @fastify/swagger records each route as it is added.
 */
export async function registerOpenApi(app: FastifyInstance, auth: Auth, baseUrl: string) {
  const context = await auth.$context
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Nestmate API',
        version: '1',
        description:
          'Find compatible roommates: listings, likes, living profiles, places and accounts. Errors are ' +
          '`{ "error": "<message>" }` (plus `issues` for invalid input); writes must come from the app\'s own ' +
          'origin and carry JSON. The page at /api/docs reads this document.',
      },
      servers: [{ url: baseUrl }],
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'cookie',
            name: context.authCookies.sessionToken.name,
            description:
              'The session cookie that signing in (`POST /api/auth/sign-in/email`) sets: httpOnly, SameSite=Lax.',
          },
        },
      },
    },
    transform: routeOperation,
    transformObject: jsonSchemaTransformObject,
  })

  let document: Promise<string> | undefined
  // Built on the first request (every route is registered by then) and kept: routes don't change while running.
  const build = async () => {
    const own = app.swagger() as OpenAPIV3_1.Document
    const accounts = await authOperations(auth)
    const schemas = own.components?.schemas ?? {}
    for (const name of Object.keys(accounts.schemas))
      if (name in schemas) throw new Error(`Better Auth's schema ${name} collides with one of Nestmate's`)
    return JSON.stringify({
      ...own,
      paths: { ...own.paths, ...accounts.paths },
      components: { ...own.components, schemas: { ...schemas, ...accounts.schemas } },
    })
  }

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      OPENAPI_PATH,
      { config: { auth: 'public' }, schema: { response: { 200: OpenApiDocumentSchema } } },
      async (_request, reply) => {
        document ??= build().catch((error: unknown) => {
          document = undefined
          throw error
        })
        // A string is sent as it is, not serialized again.
        return reply
          .type('application/json; charset=utf-8')
          .header('Cache-Control', 'no-cache')
          .send((await document) as never)
      },
    )
}
