import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import { PATHS } from '#shared/api.ts'
import {
  ShareLinkSchema,
  SharedViewingSchema,
  ShareTokenParamsSchema,
  ViewingIdParamsSchema,
} from '#shared/viewings.ts'
import { z } from 'zod'
import { HttpError } from '../../plugins/errors.ts'
import type { ViewingSharesRepository } from '../../viewings/viewing-shares-repository.ts'
import { WRITE_LIMIT } from '../listings/index.ts'
import { SHARE_REFUSALS, VIEWING_NOT_FOUND } from './refusals.ts'

const NotFound = ApiErrorSchema.describe('No viewing of the caller has this id.')
const SeekerOnly = ApiErrorSchema.describe(SHARE_REFUSALS.seekerOnly)

/** "Share with someone I trust": the seeker's link to a viewing, and the page behind it (docs/api.md, Viewings). */
export const viewingShareRoutes =
  (shares: ViewingSharesRepository, baseUrl: string): FastifyPluginAsyncZod =>
  async (app) => {
    const refuse = (outcome: 'missing' | 'seeker-only' | 'refused') => {
      if (outcome === 'missing') return new HttpError(404, VIEWING_NOT_FOUND)
      if (outcome === 'seeker-only') return new HttpError(403, SHARE_REFUSALS.seekerOnly)
      return new HttpError(409, SHARE_REFUSALS.refused)
    }

    app.post(
      '/api/viewings/:id/share',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          params: ViewingIdParamsSchema,
          response: {
            201: ShareLinkSchema,
            403: SeekerOnly,
            404: NotFound,
            409: ApiErrorSchema.describe(SHARE_REFUSALS.refused),
          },
        },
      },
      async (request, reply) => {
        const shared = await shares.share(request.params.id, request.user.id)
        if (shared.outcome !== 'shared') throw refuse(shared.outcome)
        return reply.status(201).send({ url: new URL(PATHS.sharedViewing(shared.token), baseUrl).href })
      },
    )

    app.delete(
      '/api/viewings/:id/share',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          params: ViewingIdParamsSchema,
          response: { 204: z.null().describe('The link no longer works.'), 403: SeekerOnly, 404: NotFound },
        },
      },
      async (request, reply) => {
        const revoked = await shares.revoke(request.params.id, request.user.id)
        if (revoked !== 'revoked') throw refuse(revoked)
        return reply.status(204).send(null)
      },
    )

    // Whoever the seeker gave the link to has no account: the token is their only credential.
    app.get(
      '/api/shared-viewings/:id',
      {
        config: { auth: 'public' },
        schema: {
          params: ShareTokenParamsSchema,
          response: {
            200: SharedViewingSchema,
            404: ApiErrorSchema.describe('No such link, revoked, or the day after the viewing has passed.'),
          },
        },
      },
      async (request) => {
        const shared = await shares.read(request.params.id)
        if (!shared) throw new HttpError(404, SHARE_REFUSALS.gone)
        return shared
      },
    )
  }
