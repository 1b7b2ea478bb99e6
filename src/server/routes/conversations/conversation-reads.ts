import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type {
  About,
  Conversation,
  EnquiryState,
  InboxEntry,
  Message,
  MessageEvent,
  MessagesQuery,
  Unread,
} from '#shared/conversations.ts'
import type { Database } from '../../db/client.ts'
import { plannedPerCall, prepareRaw } from '../../db/prepare-raw.ts'
import { createStatementCache } from '../../db/statement-cache.ts'
import { subjectAvailable, subjectJoins, subjectTitle } from '../../conversations/conversation-subject.ts'
import { enquiryState, starter } from '../../conversations/enquiry-state.ts'
import { messageEvent, withoutNullEvent } from '../../conversations/conversation-events.ts'
import { mayReview, movedInState } from '../../reviews/review-rules.ts'
import { personTrust } from '../../references/poster-trust.ts'

const iso = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const me = sql.placeholder('userId')
const conversationId = sql.placeholder('conversationId')
const before = sql.placeholder('before')

/** A message as one viewer sees it (`mine`), from `message m`: an event's `event` built in SQL, absent on text. */
const messageColumns = (
  viewer: SQL | SQLWrapper,
) => sql`m.id::float8 as id, m.conversation_id as "conversationId",
  coalesce(m.sender_id = ${viewer}, false) as mine, m.kind, ${messageEvent()} as event, m.body,
  ${iso(sql`m.created_at`)} as "createdAt", m.shielded, m.money_ask as "moneyAsk"`

type MessageRow = Omit<Message, 'event'> & { event: MessageEvent | null }

type SubjectRow = {
  state: EnquiryState
  startedByMe: boolean
  about: 'listing' | 'seeker_ad'
  subjectId: string | null
  title: string | null
  available: boolean
}

type InboxRow = SubjectRow & {
  id: string
  name: string | null
  photo: string | null
  lastId: number
  lastBody: string
  lastMine: boolean
  lastKind: 'text' | 'event'
  lastEvent: MessageEvent | null
  lastAt: string
  unread: number
}

type HeaderRow = SubjectRow & {
  id: string
  movedIn: Conversation['movedIn']
  canReview: boolean
  reviewedByMe: boolean
  otherId: string | null
  name: string | null
  emailVerified: boolean
  referenceCount: number
  replyRate: number | null
  replyHours: number | null
  photo: string | null
  seenUpTo: number | null
  blockedByMe: boolean
  blockedMe: boolean
}

const about = (row: SubjectRow): About =>
  row.title !== null
    ? {
        kind: row.about === 'listing' ? 'listing' : 'seekerAd',
        id: row.subjectId,
        title: row.title,
        available: row.available,
      }
    : null

const subjectColumns = sql`c.about, coalesce(c.listing_id, c.seeker_ad_id) as "subjectId", ${subjectTitle} as title,
  ${subjectAvailable} as available, ${enquiryState} as state, coalesce(${starter} = ${me}, false) as "startedByMe"`
const other = (row: { name: string | null; photo: string | null }) =>
  row.name === null ? null : { name: row.name, photo: row.photo ?? '' }

/** The header's other person's badges (decision 096). */
const otherTrust = personTrust(sql`side.other_id`, sql`o.email_verified`)

/** Which inbox statement: a first page or one `before` an id, all or those about one listing or ad. */
type InboxShape = { before: boolean; listing: boolean; seekerAd: boolean }

/** How much of a last message the inbox shows. */
const PREVIEW_CHARS = 200

/**
 * One inbox page: one index walk over the caller's sides, newest activity first (the last message's id), then a
 * probe each for the conversation, listing, other person and last message. A page `before` a message id says so
 * of the last message too (it is the side's `last_message_id`): PostgreSQL doesn't carry an inequality across a
 * join, and without it a plan that walks `message` newest first reads every newer message before the page
 * (inbox-plan.test.ts).
 */
export const inboxQuery = (
  shape: InboxShape,
) => sql`select side.conversation_id as id, ${subjectColumns}, o.name, o.image as photo,
            lm.id::float8 as "lastId", left(lm.body, ${sql.raw(String(PREVIEW_CHARS))}) as "lastBody",
            coalesce(lm.sender_id = ${me}, false) as "lastMine", lm.kind as "lastKind",
            ${messageEvent('lm')} as "lastEvent", ${iso(sql`lm.created_at`)} as "lastAt", side.unread
          from conversation_member side
          join conversation c on c.id = side.conversation_id
          join message lm on lm.id = side.last_message_id
          ${subjectJoins}
          left join "user" o on o.id = side.other_id
          where side.user_id = ${me}
            ${shape.before ? sql`and side.last_message_id < ${before} and lm.id < ${before}` : sql``}
            ${shape.listing ? sql`and c.listing_id = ${sql.placeholder('listingId')}` : sql``}
            ${shape.seekerAd ? sql`and c.seeker_ad_id = ${sql.placeholder('seekerAdId')}` : sql``}
          order by side.last_message_id desc
          limit ${sql.placeholder('limit')}`

/** The reads of conversations: inbox pages, a conversation's header and messages, unread counts. */
export function createConversationReads(db: Database) {
  // Planned for each call's values: a generic plan, costed for a person with a couple of conversations, reads all
  // of a busy poster's before sorting them (decision 059, inbox-plan.test.ts). Each shape is built once.
  const inboxPages = new Map<string, (values: Record<string, unknown>) => Promise<InboxRow[]>>()
  const inboxPage = (shape: InboxShape) => {
    const key = `${shape.before}:${shape.listing}:${shape.seekerAd}`
    let page = inboxPages.get(key)
    if (!page) inboxPages.set(key, (page = plannedPerCall<InboxRow>(db, inboxQuery(shape))))
    return page
  }

  const headerStatement = prepareRaw<HeaderRow>(
    db,
    'conversation_header',
    sql`select c.id, ${subjectColumns}, o.id as "otherId", o.name, o.image as photo,
        coalesce(o.email_verified, false) as "emailVerified", ${otherTrust.referenceCount} as "referenceCount",
        rs.reply_rate as "replyRate", rs.reply_hours as "replyHours",
        (select case when theirs.read_id > 0 then theirs.read_id::float8 end from conversation_member theirs
          where theirs.conversation_id = c.id and theirs.user_id = side.other_id) as "seenUpTo",
        exists (select 1 from user_block where blocker_id = ${me} and blocked_id = side.other_id) as "blockedByMe",
        exists (select 1 from user_block where blocker_id = side.other_id and blocked_id = ${me}) as "blockedMe",
        ${movedInState} as "movedIn", side.other_id is not null and ${mayReview(me)} as "canReview",
        exists (select 1 from review w where w.conversation_id = c.id and w.author_id = ${me}) as "reviewedByMe"
      from conversation_member side
      join conversation c on c.id = side.conversation_id
      ${subjectJoins}
      left join "user" o on o.id = side.other_id
      left join reply_stat rs on rs.user_id = side.other_id
      where side.conversation_id = ${conversationId} and side.user_id = ${me}`,
  )

  const messageStatements =
    createStatementCache<(values: Record<string, unknown>) => Promise<MessageRow[]>>('conversation_messages')
  // Only a participant gets rows: the membership test is part of the statement.
  const messagePage = (direction: 'newest' | 'before' | 'after') =>
    messageStatements(direction, (name) =>
      prepareRaw<MessageRow>(
        db,
        name,
        sql`select ${messageColumns(me)} from message m
          where m.conversation_id = ${conversationId}
            and exists (select 1 from conversation_member
              where conversation_id = ${conversationId} and user_id = ${me})
            ${direction === 'before' ? sql`and m.id < ${sql.placeholder('id')}` : sql``}
            ${direction === 'after' ? sql`and m.id > ${sql.placeholder('id')}` : sql``}
          order by m.id ${direction === 'after' ? sql`asc` : sql`desc`}
          limit ${sql.placeholder('limit')}`,
      ),
    )

  const unreadStatement = prepareRaw<Unread>(
    db,
    'conversation_unread',
    sql`select count(*)::int as conversations, coalesce(sum(unread), 0)::int as messages
      from conversation_member where user_id = ${me} and unread > 0`,
  )

  const membershipStatement = prepareRaw<{ member: boolean }>(
    db,
    'conversation_membership',
    sql`select exists (select 1 from conversation_member
        where conversation_id = ${conversationId} and user_id = ${me}) as member
      from conversation where id = ${conversationId}`,
  )

  return {
    /** One page of the person's inbox, newest activity first, and whether there is another. */
    async inbox(
      userId: string,
      query: { limit: number; before?: number; listingId?: string; seekerAdId?: string },
    ): Promise<{ entries: InboxEntry[]; more: boolean }> {
      const rows = await inboxPage({
        before: query.before !== undefined,
        listing: !!query.listingId,
        seekerAd: !!query.seekerAdId,
      })({
        userId,
        before: query.before,
        listingId: query.listingId,
        seekerAdId: query.seekerAdId,
        limit: query.limit + 1,
      })
      const entries = rows.slice(0, query.limit).map((row) => ({
        id: row.id,
        about: about(row),
        other: other(row),
        lastMessage: withoutNullEvent({
          id: row.lastId,
          body: row.lastBody,
          mine: row.lastMine,
          kind: row.lastKind,
          event: row.lastEvent,
          createdAt: row.lastAt,
        }),
        unread: row.unread,
        state: row.state,
        startedByMe: row.startedByMe,
      }))
      return { entries, more: rows.length > query.limit }
    },

    /** The conversation as `userId` sees it, or undefined when they aren't a participant. */
    async header(id: string, userId: string): Promise<Conversation | undefined> {
      const [row] = await headerStatement({ conversationId: id, userId })
      if (!row) return undefined
      const { seenUpTo, blockedByMe, blockedMe, otherId, state, startedByMe } = row
      const { movedIn, canReview, reviewedByMe } = row
      const { emailVerified, referenceCount, replyRate, replyHours } = row
      const person =
        otherId === null
          ? null
          : { id: otherId, ...other(row)!, emailVerified, referenceCount, replyRate, replyHours }
      return {
        id: row.id,
        about: about(row),
        other: person,
        seenUpTo,
        blockedByMe,
        blockedMe,
        state,
        startedByMe,
        movedIn,
        canReview,
        reviewedByMe,
      }
    },

    /** A page of messages, oldest first, for a participant (an empty page for anyone else: see `membership`). */
    async messages(id: string, userId: string, query: MessagesQuery) {
      const direction = query.after !== undefined ? 'after' : query.before !== undefined ? 'before' : 'newest'
      const rows = await messagePage(direction)({
        conversationId: id,
        userId,
        id: query.after ?? query.before,
        limit: query.limit + 1,
      })
      const messages = rows.slice(0, query.limit).map(withoutNullEvent)
      if (direction !== 'after') messages.reverse()
      return { messages, more: rows.length > query.limit }
    },

    /** Whether the conversation exists and `userId` takes part in it. */
    async membership(id: string, userId: string): Promise<'member' | 'missing' | 'not-member'> {
      const [row] = await membershipStatement({ conversationId: id, userId })
      return !row ? 'missing' : row.member ? 'member' : 'not-member'
    },

    /** The navbar's badge: conversations with unread messages and how many messages. */
    async unread(userId: string): Promise<Unread> {
      const [row] = await unreadStatement({ userId })
      return row ?? { conversations: 0, messages: 0 }
    },
  }
}
