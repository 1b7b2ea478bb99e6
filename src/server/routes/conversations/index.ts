import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  BlockResultSchema,
  ConversationParamsSchema,
  ConversationSchema,
  DeclineSchema,
  InboxEntrySchema,
  InboxQuerySchema,
  MessageSchema,
  MessagesPageSchema,
  MessagesQuerySchema,
  NewConversationResultSchema,
  NewConversationSchema,
  NewMessageSchema,
  UnreadSchema,
} from '#shared/conversations.ts'
import { API } from '#shared/api.ts'
import { ApiErrorSchema } from '#shared/errors.ts'
import { HttpError } from '../../plugins/errors.ts'
import type { ConversationsRepository, Subject } from './conversations-repository.ts'
import type { Blocker } from '../../conversations/message-locks.ts'

// Per person, in the database's counters (docs/architecture.md §5.5): 20 new conversations a day, 200 messages an
// hour. Each its own counter, so answering never uses up the budget for starting.
export const START_LIMIT = { max: 20, timeWindow: 24 * 60 * 60 * 1000, groupId: ':conversation' }
export const MESSAGE_LIMIT = { max: 200, timeWindow: 60 * 60 * 1000, groupId: ':message' }
// Block and unblock together, 60 an hour as listing writes: each one reloads the other person's open conversation,
// so in a loop they would be a way to harass (docs/decisions/073).
export const BLOCK_LIMIT = { max: 60, timeWindow: 60 * 60 * 1000, groupId: ':block' }

export const MESSAGES = {
  missing: 'Conversation not found.',
  declined: 'This conversation was declined as not a fit: neither of you can send new messages.',
  notMember: 'This conversation is between two other people.',
  gone: 'This account was deleted; the conversation is kept for you to read.',
}

/** What a refused start says, by what the conversation would be about. */
const START_WORDS = {
  listing: { missing: 'Listing not found.', own: "You can't message yourself about your own listing." },
  seekerAd: { missing: 'Ad not found.', own: "You can't message yourself about your own ad." },
}

const blockedError = (blocker: Exclude<Blocker, null>) =>
  new HttpError(
    403,
    blocker === 'me'
      ? 'You blocked this person. Unblock them to send a message.'
      : "This person isn't taking messages from you.",
  )

// What only the handlers know, for the published API (the app-wide statuses are derived from the declarations).
const NotMember = ApiErrorSchema.describe('The conversation is between two other people.')
const Blocked = ApiErrorSchema.describe(
  'The conversation is between two other people, either of the two blocked the other, the other account was deleted, or it was declined.',
)

const access = (outcome: 'missing' | 'not-member') =>
  outcome === 'missing' ? new HttpError(404, MESSAGES.missing) : new HttpError(403, MESSAGES.notMember)

/** Conversations and their messages (docs/api.md, Conversations); only their two participants may read or write. */
export const conversationRoutes =
  (conversations: ConversationsRepository): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/api/conversations',
      {
        config: { auth: 'signed-in' },
        schema: { querystring: InboxQuerySchema, response: { 200: z.array(InboxEntrySchema) } },
      },
      async (request, reply) => {
        const { entries, more } = await conversations.inbox(request.user.id, request.query)
        const last = entries.at(-1)
        if (more && last) {
          const next = new URLSearchParams({
            limit: String(request.query.limit),
            before: String(last.lastMessage.id),
          })
          if (request.query.listingId) next.set('listingId', request.query.listingId)
          if (request.query.seekerAdId) next.set('seekerAdId', request.query.seekerAdId)
          reply.header('Link', `<${API.conversations}?${next}>; rel="next"`)
        }
        return entries
      },
    )

    app.post(
      '/api/conversations',
      {
        config: { auth: 'signed-in', rateLimit: START_LIMIT },
        schema: {
          body: NewConversationSchema,
          response: {
            200: NewConversationResultSchema.describe(
              'The conversation of this listing or ad and the caller already existed.',
            ),
            201: NewConversationResultSchema.describe('A new conversation.'),
            403: ApiErrorSchema.describe(
              "The caller's e-mail isn't verified, the listing or ad is the caller's own, either blocked the other, or their conversation was declined.",
            ),
            404: ApiErrorSchema.describe('No such listing, or no such active ad.'),
          },
        },
      },
      async (request, reply) => {
        const { listingId, seekerAdId, body } = request.body
        const subject: Subject = seekerAdId
          ? { kind: 'seekerAd', id: seekerAdId }
          : { kind: 'listing', id: listingId! }
        const words = START_WORDS[subject.kind]
        const started = await conversations.start(subject, request.user.id, body)
        switch (started.outcome) {
          case 'missing':
            throw new HttpError(404, words.missing)
          case 'own':
            throw new HttpError(403, words.own)
          case 'unverified':
            throw new HttpError(403, 'Verify your e-mail address to start a conversation.')
          case 'blocked':
            throw blockedError(started.blocker)
          case 'declined':
            throw new HttpError(403, MESSAGES.declined)
        }
        return reply
          .status(started.outcome === 'started' ? 201 : 200)
          .send({ conversationId: started.conversationId })
      },
    )

    app.get(
      '/api/conversations/:id',
      {
        config: { auth: 'signed-in' },
        schema: { params: ConversationParamsSchema, response: { 200: ConversationSchema, 403: NotMember } },
      },
      async (request) => {
        const conversation = await conversations.header(request.params.id, request.user.id)
        if (!conversation) {
          const membership = await conversations.membership(request.params.id, request.user.id)
          throw access(membership === 'missing' ? 'missing' : 'not-member')
        }
        return conversation
      },
    )

    app.get(
      '/api/conversations/:id/messages',
      {
        config: { auth: 'signed-in' },
        schema: {
          params: ConversationParamsSchema,
          querystring: MessagesQuerySchema,
          response: { 200: MessagesPageSchema, 403: NotMember },
        },
      },
      async (request) => {
        const page = await conversations.messages(request.params.id, request.user.id, request.query)
        // An empty page from a participant, or no access at all.
        if (page.messages.length === 0) {
          const membership = await conversations.membership(request.params.id, request.user.id)
          if (membership !== 'member') throw access(membership)
        }
        return page
      },
    )

    app.post(
      '/api/conversations/:id/messages',
      {
        config: { auth: 'signed-in', rateLimit: MESSAGE_LIMIT },
        schema: {
          params: ConversationParamsSchema,
          body: NewMessageSchema,
          response: { 201: MessageSchema, 403: Blocked },
        },
      },
      async (request, reply) => {
        const sent = await conversations.send(request.params.id, request.user.id, request.body.body)
        if (sent.outcome === 'blocked') throw blockedError(sent.blocker)
        if (sent.outcome === 'gone') throw new HttpError(403, MESSAGES.gone)
        if (sent.outcome === 'declined') throw new HttpError(403, MESSAGES.declined)
        if (sent.outcome !== 'sent') throw access(sent.outcome)
        const { id, createdAt, shielded, moneyAsk } = sent.message
        return reply.status(201).send({
          id,
          conversationId: request.params.id,
          mine: true,
          kind: 'text' as const,
          body: request.body.body,
          createdAt,
          shielded,
          moneyAsk,
        })
      },
    )

    app.post(
      '/api/conversations/:id/decline',
      {
        config: { auth: 'signed-in', rateLimit: MESSAGE_LIMIT },
        schema: {
          params: ConversationParamsSchema,
          body: DeclineSchema,
          response: {
            200: ConversationSchema.describe('The conversation, declined.'),
            403: ApiErrorSchema.describe(
              'The caller started the conversation, either blocked the other, or the other account was deleted.',
            ),
            404: ApiErrorSchema.describe('No such conversation, or the caller is not in it.'),
            409: ApiErrorSchema.describe('The conversation was declined already.'),
          },
        },
      },
      async (request) => {
        const { id } = request.params
        const outcome = await conversations.decline(id, request.user.id, request.body.message)
        if (typeof outcome === 'object') throw blockedError(outcome.blocker)
        switch (outcome) {
          case 'missing':
            throw new HttpError(404, MESSAGES.missing)
          case 'starter':
            throw new HttpError(403, 'Only the person you wrote to can decline this conversation.')
          case 'gone':
            throw new HttpError(403, MESSAGES.gone)
          case 'declined-before':
            throw new HttpError(409, 'This conversation was declined already.')
        }
        return (await conversations.header(id, request.user.id))!
      },
    )

    app.post(
      '/api/conversations/:id/read',
      {
        config: { auth: 'signed-in' },
        schema: { params: ConversationParamsSchema, response: { 200: UnreadSchema, 403: NotMember } },
      },
      async (request) => {
        const outcome = await conversations.markRead(request.params.id, request.user.id)
        if (outcome !== 'read') throw access(outcome)
        return conversations.unread(request.user.id)
      },
    )

    for (const method of ['POST', 'DELETE'] as const) {
      app.route({
        method,
        url: '/api/conversations/:id/block',
        config: { auth: 'signed-in', rateLimit: BLOCK_LIMIT },
        schema: {
          params: ConversationParamsSchema,
          response: {
            200: BlockResultSchema,
            403: ApiErrorSchema.describe(
              'The conversation is between two other people, or the other account was deleted.',
            ),
          },
        },
        handler: async (request) => {
          const blocked = method === 'POST'
          const outcome = await conversations.setBlock(request.params.id, request.user.id, blocked)
          if (outcome === 'missing' || outcome === 'not-member') throw access(outcome)
          if (outcome === 'gone') throw new HttpError(403, MESSAGES.gone)
          return { blocked }
        },
      })
    }

    app.get(
      '/api/unread',
      { config: { auth: 'signed-in' }, schema: { response: { 200: UnreadSchema } } },
      async (request) => {
        return conversations.unread(request.user.id)
      },
    )
  }
