import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { PublicConfigSchema, StatsSchema } from '#shared/user.ts'
import type { DatabaseHandle } from '../db/client.ts'
import type { Config } from '../env.ts'
import { precompiledSerializer } from '../plugins/json-serializer.ts'
import type { ListingsRepository } from './listings/listings-repository.ts'
import type { UsersRepository } from './users/users-repository.ts'

type Deps = { config: Config; database: DatabaseHandle; listings: ListingsRepository; users: UsersRepository }

/** Health, public settings and the overview counts. */
export const siteRoutes =
  ({ config, database, listings, users }: Deps): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/health',
      {
        config: { auth: 'public' },
        schema: {
          response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ error: z.string() }) },
        },
      },
      async (request, reply) => {
        try {
          await database.ping()
          return { status: 'ok' as const }
        } catch (error) {
          request.log.warn({ err: error }, 'health check: database unreachable')
          return reply.status(503).send({ error: 'The database is unavailable.' })
        }
      },
    )

    app.get(
      '/api/config',
      { config: { auth: 'public' }, schema: { response: { 200: PublicConfigSchema } } },
      async () => ({
        currency: config.currency,
        googleSignIn: Boolean(config.google),
        tiles: config.tiles,
        contact: config.contact,
      }),
    )

    // Public, with the caller's own count added when signed in. Written by fast-json-stringify, as the listing
    // routes' answers are, rather than checked by zod and then stringified: this answer is read on every home page
    // view (docs/decisions/020-request-fixed-cost.md).
    app.get(
      '/api/stats',
      {
        config: { auth: 'public' },
        schema: { response: { 200: StatsSchema } },
        serializerCompiler: precompiledSerializer,
      },
      async (request) => {
        const me = await request.sessionUser()
        const [totalListings, totalUsers, myListings] = await Promise.all([
          listings.count(),
          users.count(),
          me ? listings.count(me.id) : undefined,
        ])
        return { totalListings, totalUsers, ...(myListings === undefined ? {} : { myListings }) }
      },
    )
  }
