import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import { LivingProfileInputSchema, LivingProfileSchema } from '#shared/living-profile.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { LivingProfileRepository } from './living-profile-repository.ts'
import { changesOwnSide, tooManyChanges, type ProfileChanges } from './profile-changes.ts'

// Per person, like listing writes: a profile is saved a few times, not hundreds.
export const PROFILE_WRITE_LIMIT = { max: 60, timeWindow: 60 * 60 * 1000, groupId: ':profile-write' }

const NOT_FOUND = 'You have no living profile yet.'
const NoProfile = ApiErrorSchema.describe('The caller has no living profile yet.')

/** A person's own living profile: only they read or change it; answers are personal, so never cached. */
export const livingProfileRoutes =
  (profiles: LivingProfileRepository, changes: ProfileChanges): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/living-profile',
      { config: { auth: 'signed-in' }, schema: { response: { 200: LivingProfileSchema, 404: NoProfile } } },
      async (request) => {
        const profile = await profiles.get(request.user.id)
        if (!profile) throw new HttpError(404, NOT_FOUND)
        return profile
      },
    )

    app.put(
      '/api/living-profile',
      {
        config: { auth: 'signed-in', rateLimit: PROFILE_WRITE_LIMIT },
        schema: { body: LivingProfileInputSchema, response: { 200: LivingProfileSchema } },
      },
      async (request, reply) => {
        const { answers, interests } = request.body
        if (changesOwnSide(await profiles.get(request.user.id), { answers, interests })) {
          const retryAfterMs = await changes.take(request.user.id)
          if (retryAfterMs !== null) {
            reply.header('Retry-After', String(Math.ceil(retryAfterMs / 1000)))
            throw new HttpError(429, tooManyChanges(retryAfterMs))
          }
        }
        return profiles.put(request.user.id, answers, interests)
      },
    )

    app.delete(
      '/api/living-profile',
      {
        config: { auth: 'signed-in', rateLimit: PROFILE_WRITE_LIMIT },
        schema: { response: { 200: z.object({ message: z.string() }), 404: NoProfile } },
      },
      async (request) => {
        if (!(await profiles.remove(request.user.id))) throw new HttpError(404, NOT_FOUND)
        return { message: 'Living profile removed.' }
      },
    )
  }
