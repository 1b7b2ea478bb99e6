import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import { PersonIdParamsSchema, PersonProfileSchema } from '#shared/people.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { PeopleRepository } from './people-repository.ts'

/** A person's public profile: for anyone signed in, as listing details are; the same answer for every caller. */
export const peopleRoutes =
  (people: PeopleRepository): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/people/:id',
      {
        config: { auth: 'signed-in' },
        schema: {
          params: PersonIdParamsSchema,
          response: {
            200: PersonProfileSchema,
            404: ApiErrorSchema.describe('No such person (never was, deleted or suspended).'),
          },
        },
      },
      async (request) => {
        const profile = await people.profile(request.params.id)
        if (!profile) throw new HttpError(404, 'Person not found.')
        return profile
      },
    )
  }
