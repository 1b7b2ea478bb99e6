import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ApiErrorSchema } from '#shared/errors.ts'
import {
  ActionLogSchema,
  AdParamsSchema,
  DecisionSchema,
  DismissedResultSchema,
  DismissSchema,
  HiddenResultSchema,
  ListingParamsSchema,
  ModeratedResultSchema,
  ModeratorStatusSchema,
  PersonParamsSchema,
  QueueQuerySchema,
  QueueSchema,
  ReferenceParamsSchema,
  ReviewParamsSchema,
  SuspendedResultSchema,
} from '#shared/moderation.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { HideableKind, ModerationRepository, Moderator } from './moderation-repository.ts'
import { decodeQueueCursor } from './queue-cursor.ts'

const NO_PERSON = ApiErrorSchema.describe('No such person.')

/**
 * `/api/moderation/*`: the moderators' queue, decisions and log (docs/decisions/046). Every route but the status
 * is declared `moderator`: 401 without a session, 403 for anyone but the verified owners of ADMIN_EMAILS.
 */
export const moderationRoutes =
  (moderation: ModerationRepository): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/moderation/status',
      { config: { auth: 'signed-in' }, schema: { response: { 200: ModeratorStatusSchema } } },
      async (request) => ({ isModerator: await app.isModerator(request.user) }),
    )

    app.get(
      '/api/moderation/queue',
      {
        config: { auth: 'moderator' },
        schema: {
          querystring: QueueQuerySchema,
          response: { 200: QueueSchema, 400: ApiErrorSchema.describe('A cursor the queue did not write.') },
        },
      },
      async (request) => {
        const raw = request.query.cursor
        const cursor = raw === undefined ? null : decodeQueueCursor(raw)
        if (cursor === null && raw !== undefined) throw new HttpError(400, 'Malformed cursor.')
        return moderation.queue(cursor)
      },
    )

    app.get(
      '/api/moderation/actions',
      { config: { auth: 'moderator' }, schema: { response: { 200: ActionLogSchema } } },
      async () => ({ actions: await moderation.actions() }),
    )

    // A listing or a room-wanted ad: hidden from everyone but its owner and the moderators, or shown again; a
    // reference or a review: hidden from the profile it is on, or shown again.
    const show = (kind: HideableKind) => (by: Moderator, id: string, hide: boolean, reason: string) =>
      moderation[hide ? 'hide' : 'unhide'](by, kind, id, reason)
    const onProfile =
      (kind: 'reference' | 'review') => (by: Moderator, id: string, hide: boolean, reason: string) =>
        moderation.moderate(by, kind, id, hide, reason)
    const hideable = [
      ['listings', ListingParamsSchema, HiddenResultSchema, show('listing'), 'Listing not found.'],
      ['seeker-ads', AdParamsSchema, HiddenResultSchema, show('seeker_ad'), 'Ad not found.'],
      [
        'references',
        ReferenceParamsSchema,
        ModeratedResultSchema,
        onProfile('reference'),
        'Reference not found.',
      ],
      ['reviews', ReviewParamsSchema, ModeratedResultSchema, onProfile('review'), 'Review not found.'],
    ] as const
    for (const [path, params, answer, decide, missing] of hideable)
      for (const action of ['hide', 'unhide'] as const)
        app.post(
          `/api/moderation/${path}/:id/${action}`,
          {
            config: { auth: 'moderator' },
            schema: {
              params,
              body: DecisionSchema,
              response: { 200: answer, 404: ApiErrorSchema.describe(missing) },
            },
          },
          async (request) => {
            const done = await decide(request.user, request.params.id, action === 'hide', request.body.reason)
            if (!done) throw new HttpError(404, missing)
            return done
          },
        )

    for (const action of ['suspend', 'unsuspend'] as const)
      app.post(
        `/api/moderation/users/:id/${action}`,
        {
          config: { auth: 'moderator' },
          schema: {
            params: PersonParamsSchema,
            body: DecisionSchema,
            response: {
              200: SuspendedResultSchema,
              400: ApiErrorSchema.describe('A moderator suspending themselves.'),
              404: NO_PERSON,
            },
          },
        },
        async (request) => {
          if (action === 'suspend' && request.params.id === request.user.id)
            throw new HttpError(400, "You can't suspend yourself.")
          const done = await moderation[action](request.user, request.params.id, request.body.reason)
          if (!done) throw new HttpError(404, 'Person not found.')
          // Their sessions are gone from the database; this process forgets those it remembered at once.
          if (action === 'suspend') app.forgetSessions()
          return { suspended: action === 'suspend' }
        },
      )

    app.post(
      '/api/moderation/dismiss',
      {
        config: { auth: 'moderator' },
        schema: {
          body: DismissSchema,
          response: { 200: DismissedResultSchema, 404: ApiErrorSchema.describe('No open reports on it.') },
        },
      },
      async (request) => {
        const { targetKind, targetId, reason } = request.body
        const dismissed = await moderation.dismiss(request.user, targetKind, targetId, reason)
        if (dismissed === 0) throw new HttpError(404, 'No open reports on this.')
        return { dismissed }
      },
    )
  }
