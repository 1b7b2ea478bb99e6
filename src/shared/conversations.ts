import { z } from 'zod'
import { IdSchema } from './listing.ts'
import { NUL_FREE } from './text.ts'
import { ReplyStatsSchema } from './trust.ts'

// The conversations contract (docs/api.md, Conversations): a seeker writes to a listing's poster, both read and
// answer from their inbox, and new messages arrive live.

export const MESSAGE_MAX = 2000
/** What a conversation can be about, as the database names it. */
export const CONVERSATION_SUBJECTS = ['listing', 'seeker_ad'] as const
/** A person's text, or an event Nestmate writes into the conversation. */
export const MESSAGE_KINDS = ['text', 'event'] as const
/** What an event tells (docs/api.md, Conversations): viewings, "not a fit", the room taken, and a move-in. */
export const EVENT_TYPES = [
  'viewing_booked',
  'viewing_cancelled',
  'viewing_late',
  'viewing_outcome',
  'declined',
  'room_taken',
  'moved_in',
  'moved_in_confirmed',
] as const
export type EventType = (typeof EVENT_TYPES)[number]
/** Inbox and message pages: how many rows a page holds unless `limit` says otherwise. */
export const INBOX_PAGE_SIZE = 24
export const MESSAGES_PAGE_SIZE = 50

/** A message's text: 1–2,000 characters after trimming, as written (never markup). */
export const MessageBodySchema = z
  .string({
    error: (issue) => (issue.input === undefined ? 'Message is required.' : 'Message must be text.'),
  })
  .trim()
  .min(1, 'Message is required.')
  .max(MESSAGE_MAX, `Message must be at most ${MESSAGE_MAX.toLocaleString('en-US')} characters.`)
  .refine(NUL_FREE.check, NUL_FREE.message('Message'))

const SeekerAdIdSchema = z.uuid({ error: 'Malformed ad id.' })

/** Events are Nestmate's to write: a client that sends `kind` or `event` is refused, not quietly ignored. */
const clientsWriteText = {
  kind: z.never({ error: 'Only text can be sent; events are written by Nestmate.' }).optional(),
  event: z.never({ error: 'Only text can be sent; events are written by Nestmate.' }).optional(),
}

export const NewMessageSchema = z.object({ body: MessageBodySchema, ...clientsWriteText })
export type NewMessage = z.infer<typeof NewMessageSchema>

/**
 * A conversation is about a listing (`listingId`: a seeker writes to its poster) or a room-wanted ad
 * (`seekerAdId`: a poster writes to the seeker): exactly one of the two.
 */
export const NewConversationSchema = z
  .object({
    listingId: IdSchema.optional(),
    seekerAdId: SeekerAdIdSchema.optional(),
    body: MessageBodySchema,
    ...clientsWriteText,
  })
  .refine((start) => (start.listingId === undefined) !== (start.seekerAdId === undefined), {
    message: 'Give listingId or seekerAdId, exactly one of them.',
    path: ['listingId'],
  })
  // The published API says the same: the refinement above has no JSON Schema of its own.
  .meta({ oneOf: [{ required: ['listingId'] }, { required: ['seekerAdId'] }] })
export type NewConversation = z.infer<typeof NewConversationSchema>

export const ConversationIdSchema = z.uuid({ error: 'Malformed conversation id.' })
export const ConversationParamsSchema = z.object({ id: ConversationIdSchema })

/** Message ids are positive whole numbers, increasing; sent and read as numbers, written in URLs as digits. */
export const MessageIdSchema = z.coerce
  .number({ error: 'Malformed message id.' })
  .int('Malformed message id.')
  .min(1, 'Malformed message id.')
  .max(Number.MAX_SAFE_INTEGER, 'Malformed message id.')

const limit = (max: number, fallback: number) =>
  z.coerce
    .number({ error: `limit must be 1 to ${max}.` })
    .int(`limit must be 1 to ${max}.`)
    .min(1, `limit must be 1 to ${max}.`)
    .max(max, `limit must be 1 to ${max}.`)
    .default(fallback)

/** The inbox: newest activity first, `before` the last conversation's `lastMessage.id` for the next page. */
export const InboxQuerySchema = z.object({
  limit: limit(100, INBOX_PAGE_SIZE),
  before: MessageIdSchema.optional(),
  /** Only conversations about this listing, or this room-wanted ad. */
  listingId: IdSchema.optional(),
  seekerAdId: SeekerAdIdSchema.optional(),
})
export type InboxQuery = z.infer<typeof InboxQuerySchema>

/** A page of messages, oldest first: the newest ones, those `before` an id (older) or `after` one (newer). */
export const MessagesQuerySchema = z
  .object({
    limit: limit(100, MESSAGES_PAGE_SIZE),
    before: MessageIdSchema.optional(),
    after: MessageIdSchema.optional(),
  })
  .refine((query) => query.before === undefined || query.after === undefined, {
    message: 'Give before or after, not both.',
    path: ['after'],
  })
export type MessagesQuery = z.infer<typeof MessagesQuerySchema>

/** What an event message tells: its type, and the viewing it is about, if any. */
export const MessageEventSchema = z.object({ type: z.enum(EVENT_TYPES), viewingId: z.string().optional() })
export type MessageEvent = z.infer<typeof MessageEventSchema>

export const MessageSchema = z.object({
  id: z.number(),
  conversationId: z.string(),
  /** Written by the caller (never an event: Nestmate writes those). */
  mine: z.boolean(),
  kind: z.enum(MESSAGE_KINDS),
  /** An event's type and viewing; only on an event. */
  event: MessageEventSchema.optional(),
  /** The text; empty for an event. */
  body: z.string(),
  createdAt: z.string(),
  /**
   * Holds a phone number, an e-mail address or a link and was sent before its recipient ever replied: shown to
   * them with a safety note and its links as text (the contact shield).
   */
  shielded: z.boolean(),
  /**
   * Asks for money (a deposit to send, a holding fee, gift cards…) while no viewing in the conversation has been
   * done: shown to the recipient with a warning, its links as text (docs/decisions/090).
   */
  moneyAsk: z.boolean(),
})
export type Message = z.infer<typeof MessageSchema>

export const MessagesPageSchema = z.object({
  messages: z.array(MessageSchema),
  /** More messages lie beyond this page in the direction asked for (older, or with `after` newer). */
  more: z.boolean(),
})
export type MessagesPage = z.infer<typeof MessagesPageSchema>

/** The other participant, or null once their account is deleted. */
export const OtherPersonSchema = z.object({ name: z.string(), photo: z.string() }).nullable()

/**
 * What the conversation is about: a listing (its title) or a room-wanted ad (`title` reads "Room wanted in <town>",
 * its first area; never anything finer). Once deleted, `id` is null and `title` the one it had; null for one
 * deleted before titles were kept.
 */
export const AboutSchema = z
  .object({
    kind: z.enum(['listing', 'seekerAd']),
    id: z.string().nullable(),
    title: z.string(),
    /** Still on offer to everyone; false: taken, paused or hidden (which is never said). */
    available: z.boolean(),
  })
  .nullable()
export type About = z.infer<typeof AboutSchema>

/**
 * Where an enquiry stands, for the person who started the conversation: `sent` (no reply yet), `read` (the person
 * contacted read it), `replied`, `viewing` (one booked), `declined` ("not a fit"), `taken` (the room or ad is no
 * longer on offer). Both participants get it; `startedByMe` tells whose enquiry it is.
 */
export const ENQUIRY_STATES = ['sent', 'read', 'replied', 'viewing', 'declined', 'taken'] as const
export type EnquiryState = (typeof ENQUIRY_STATES)[number]
const enquiry = {
  state: z.enum(ENQUIRY_STATES),
  /** The caller started the conversation (the seeker about a listing, the poster about an ad). */
  startedByMe: z.boolean(),
}

/** One conversation in the inbox. */
export const InboxEntrySchema = z.object({
  id: z.string(),
  about: AboutSchema,
  other: OtherPersonSchema,
  lastMessage: z.object({
    id: z.number(),
    body: z.string(),
    mine: z.boolean(),
    kind: z.enum(MESSAGE_KINDS),
    event: MessageEventSchema.optional(),
    createdAt: z.string(),
  }),
  unread: z.number(),
  ...enquiry,
})
export type InboxEntry = z.infer<typeof InboxEntrySchema>

/** The header's other person: with their id (their profile's address) and their badges (./trust.ts). */
export const HeaderPersonSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    photo: z.string(),
    emailVerified: z.boolean(),
    referenceCount: z.number().int(),
    ...ReplyStatsSchema.shape,
  })
  .nullable()

/** A conversation's header: who, about what, how far the other person has read, and who blocked whom. */
export const ConversationSchema = z.object({
  id: z.string(),
  about: AboutSchema,
  other: HeaderPersonSchema,
  /** The other person has read every message up to this id ("Seen" under the caller's), or null. */
  seenUpTo: z.number().nullable(),
  blockedByMe: z.boolean(),
  blockedMe: z.boolean(),
  ...enquiry,
  /** The move-in (docs/api.md, Reviews): `no`, `marked` by the person contacted, `confirmed` by the other. */
  movedIn: z.enum(['no', 'marked', 'confirmed']),
  /** The caller may write their review of the other person now. */
  canReview: z.boolean(),
  /** The caller has written their review of this move-in. */
  reviewedByMe: z.boolean(),
})
export type Conversation = z.infer<typeof ConversationSchema>

/** The kind words the decline form starts with; the person declining may change them or send none. */
export const DECLINE_DEFAULT =
  'Thank you for your message. I don’t think it’s the right fit, and I wish you luck with your search.'

/** "Not a fit": an optional last message, written before the conversation closes. */
export const DeclineSchema = z.object({ message: MessageBodySchema.optional() })
export type Decline = z.infer<typeof DeclineSchema>

export const NewConversationResultSchema = z.object({ conversationId: z.string() })
export const BlockResultSchema = z.object({ blocked: z.boolean() })
export const ReadResultSchema = z.object({ unread: z.number() })

/** The navbar's badge: conversations with unread messages, and those messages. */
export const UnreadSchema = z.object({ conversations: z.number(), messages: z.number() })
export type Unread = z.infer<typeof UnreadSchema>

/** The live stream's query: the last message id the client has, on its first connection. */
export const LiveQuerySchema = z.object({ after: MessageIdSchema.optional() })
export const LiveHeadersSchema = z.object({
  // EventSource sends back the last `id:` it received when it reconnects.
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'Malformed Last-Event-ID.')
    .optional(),
})

/** A live event about a conversation's read state: the other person has read up to `seenUpTo`. */
export type ReadEvent = { conversationId: string; seenUpTo: number }
/** A live event saying a block between the two participants began or ended. */
export type BlockEvent = { conversationId: string }
