import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { ConversationParamsSchema, ConversationSchema } from '#shared/conversations.ts'
import { ApiErrorSchema } from '#shared/errors.ts'
import {
  NewReviewResultSchema,
  NewReviewSchema,
  ReviewIdParamsSchema,
  ReviewReplyResultSchema,
  ReviewReplySchema,
} from '#shared/reviews.ts'
import { HttpError } from '../../plugins/errors.ts'
import { MESSAGES as CONVERSATION } from '../conversations/index.ts'
import type { ConversationsRepository } from '../conversations/conversations-repository.ts'
import { WRITE_LIMIT } from '../listings/index.ts'
import type { MoveInRefusal, ReviewRefusal, ReviewsRepository } from './reviews-repository.ts'

export const MESSAGES = {
  markerOnly: 'Only the person who was contacted can say you moved in.',
  confirmerOnly: 'Only the person who started the conversation can confirm the move-in.',
  notMarked: 'Nothing to confirm: the move-in has not been marked.',
  marked: 'The move-in was marked already.',
  confirmed: 'The move-in was confirmed already.',
  notConfirmed: 'You can review each other once you both said you moved in together.',
  closed: 'The time to review this move-in has passed.',
  reviewed: 'You have reviewed this move-in already.',
  noReview: 'Review not found.',
  replied: 'You have replied to this review already.',
}

/** The refusals every move-in and review call shares: the conversation's. */
function conversationRefusal(refusal: 'missing' | 'not-member' | 'gone'): HttpError {
  if (refusal === 'missing') return new HttpError(404, CONVERSATION.missing)
  return new HttpError(403, refusal === 'gone' ? CONVERSATION.gone : CONVERSATION.notMember)
}

function moveInRefusal(refusal: MoveInRefusal, confirm: boolean): HttpError {
  switch (refusal) {
    case 'wrong-side':
      return new HttpError(403, confirm ? MESSAGES.confirmerOnly : MESSAGES.markerOnly)
    case 'not-marked':
      return new HttpError(409, MESSAGES.notMarked)
    case 'done-before':
      return new HttpError(409, confirm ? MESSAGES.confirmed : MESSAGES.marked)
    default:
      return conversationRefusal(refusal)
  }
}

function reviewRefusal(refusal: ReviewRefusal): HttpError {
  switch (refusal) {
    case 'not-confirmed':
      return new HttpError(403, MESSAGES.notConfirmed)
    case 'closed':
      return new HttpError(403, MESSAGES.closed)
    case 'written-before':
      return new HttpError(409, MESSAGES.reviewed)
    default:
      return conversationRefusal(refusal)
  }
}

const MoveInRefused = {
  403: ApiErrorSchema.describe(
    'The conversation is between two other people, the other account was deleted, or it is the other person’s step.',
  ),
  404: ApiErrorSchema.describe('No such conversation.'),
  409: ApiErrorSchema.describe('This step was taken already, or (to confirm) the move-in is not marked.'),
}

/** Moving in and reviews (docs/api.md, Reviews; docs/decisions/092). */
export const reviewRoutes =
  (reviews: ReviewsRepository, conversations: ConversationsRepository): FastifyPluginAsyncZod =>
  async (app) => {
    for (const confirm of [false, true])
      app.post(
        `/api/conversations/:id/moved-in${confirm ? '/confirm' : ''}`,
        {
          config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
          schema: {
            params: ConversationParamsSchema,
            response: {
              200: ConversationSchema.describe('The conversation, with its move-in.'),
              ...MoveInRefused,
            },
          },
        },
        async (request) => {
          const { id } = request.params
          const step = confirm ? reviews.confirmMovedIn : reviews.markMovedIn
          const outcome = await step(id, request.user.id)
          if (outcome !== 'done') throw moveInRefusal(outcome, confirm)
          return (await conversations.header(id, request.user.id))!
        },
      )

    app.post(
      '/api/reviews',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          body: NewReviewSchema,
          response: {
            201: NewReviewResultSchema,
            403: ApiErrorSchema.describe(
              'Not the caller’s conversation, the other account was deleted, no confirmed move-in, or the time to review has passed.',
            ),
            404: ApiErrorSchema.describe('No such conversation.'),
            409: ApiErrorSchema.describe('The caller reviewed this move-in already.'),
          },
        },
      },
      async (request, reply) => {
        const written = await reviews.write(request.user.id, request.body)
        if (typeof written === 'string') throw reviewRefusal(written)
        return reply.status(201).send(written)
      },
    )

    app.post(
      '/api/reviews/:id/reply',
      {
        config: { auth: 'signed-in', rateLimit: WRITE_LIMIT },
        schema: {
          params: ReviewIdParamsSchema,
          body: ReviewReplySchema,
          response: {
            201: ReviewReplyResultSchema,
            404: ApiErrorSchema.describe('No published review of the caller has this id.'),
            409: ApiErrorSchema.describe('The caller replied to it already.'),
          },
        },
      },
      async (request, reply) => {
        const { text } = request.body
        const outcome = await reviews.reply(request.params.id, request.user.id, text)
        if (outcome === 'missing') throw new HttpError(404, MESSAGES.noReview)
        if (outcome === 'replied-before') throw new HttpError(409, MESSAGES.replied)
        return reply.status(201).send({ reply: text })
      },
    )
  }
