import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import { PublicUserSchema, UserRecordInputSchema } from '#shared/user.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { UsersRepository } from './users-repository.ts'

const toIso = (value: Date | string | null) => (value ? new Date(value).toISOString() : '')

// Per person (or per IP without a session), like the listing writes; its own budget.
const RECORD_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000, groupId: ':user-record' }

export const userRoutes =
  (users: UsersRepository): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/users',
      {
        config: { auth: 'signed-in' },
        schema: {
          querystring: z.object({
            limit: z.coerce.number({ error: 'limit must be 1 to 1000.' }).int().min(1).max(1000).default(100),
          }),
          response: { 200: z.array(PublicUserSchema) },
        },
      },
      async (request, reply) => {
        const me = request.user
        const [rows, total] = await Promise.all([users.list(request.query.limit), users.count()])
        reply.header('X-Total-Count', String(total))
        // The caller's own e-mail is in it: no shared or browser cache may keep it.
        // Other people's e-mail addresses are theirs to share, not ours (docs/architecture.md §4).
        return rows.map((row) => ({
          _id: row.id,
          name: row.name,
          photo: row.image ?? '',
          ...(row.id === me.id ? { email: row.email } : {}),
          creationTime: toIso(row.createdAt),
          lastSignInTime: toIso(row.lastSignIn),
        }))
      },
    )

    // The spec's sign-up record. The account itself is Better Auth's; this keeps name and photo in step.
    app.post(
      '/api/users',
      {
        config: { auth: 'signed-in', rateLimit: RECORD_LIMIT },
        schema: {
          body: UserRecordInputSchema,
          response: {
            200: z.object({ acknowledged: z.literal(true), insertedId: z.string() }),
            403: ApiErrorSchema.describe("`email` is not the caller's."),
          },
        },
      },
      async (request) => {
        const me = request.user
        if (request.body.email.toLowerCase() !== me.email.toLowerCase()) {
          throw new HttpError(403, 'You can only write your own user record.')
        }
        await users.updateProfile(me.id, { name: request.body.name, image: request.body.photo || null })
        return { acknowledged: true as const, insertedId: me.id }
      },
    )
  }
