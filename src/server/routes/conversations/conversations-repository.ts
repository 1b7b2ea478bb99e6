import { sql } from 'drizzle-orm'
import { holdsContact } from '#shared/message-text.ts'
import type { Database } from '../../db/client.ts'
import { LIVE_CHANNEL } from '../../live/live-events.ts'
import { createConversationReads } from './conversation-reads.ts'
import { insertMessage, type SentRow } from './message-writes.ts'
import { lockParticipants, type Blocker } from '../../conversations/message-locks.ts'
import { rowsOf } from '../../db/sql.ts'
import { appendConversationEvent } from '../../conversations/conversation-events.ts'
import { starter } from '../../conversations/enquiry-state.ts'

export type StartOutcome =
  | { outcome: 'started' | 'reused'; conversationId: string; message: SentRow }
  | { outcome: 'missing' | 'own' | 'unverified' | 'declined' }
  | { outcome: 'blocked'; blocker: Exclude<Blocker, null> }

export type SendOutcome =
  | { outcome: 'sent'; message: SentRow }
  | { outcome: 'missing' | 'not-member' | 'gone' | 'declined' }
  | { outcome: 'blocked'; blocker: Exclude<Blocker, null> }

export type DeclineOutcome =
  'declined' | 'declined-before' | 'missing' | 'starter' | 'gone' | { blocker: Exclude<Blocker, null> }

/** What a new conversation is about. */
export type Subject = { kind: 'listing' | 'seekerAd'; id: string }

/**
 * Per subject: its owner (the other participant), whether the starter's address is verified and whether the
 * subject takes new conversations (one moderation hasn't hidden; an ad while active too), locked against deletion meanwhile;
 * the conversation's insert and the look-up of an existing one. About a listing the starter is the seeker; about
 * an ad, the poster.
 */
const SUBJECT_SQL = {
  listing: (listingId: string, starterId: string) => ({
    target: sql`select l.owner_id as "ownerId", u.email_verified as verified, l.hidden_reason is null as open
      from listing l, "user" u where l.id = ${listingId} and u.id = ${starterId}
      for key share of l`,
    insert: (ownerId: string) => sql`insert into conversation (about, listing_id, seeker_id, poster_id)
      values ('listing', ${listingId}, ${starterId}, ${ownerId})
      on conflict (listing_id, seeker_id) where about = 'listing' do nothing
      returning id`,
    existing: sql`select id from conversation where about = 'listing' and listing_id = ${listingId}
      and seeker_id = ${starterId}`,
  }),
  seekerAd: (adId: string, starterId: string) => ({
    target: sql`select a.owner_id as "ownerId", u.email_verified as verified, a.status = 'active' and a.hidden_reason is null as open
      from seeker_ad a, "user" u where a.id = ${adId} and u.id = ${starterId}
      for key share of a`,
    insert: (ownerId: string) => sql`insert into conversation (about, seeker_ad_id, seeker_id, poster_id)
      values ('seeker_ad', ${adId}, ${ownerId}, ${starterId})
      on conflict (seeker_ad_id, poster_id) do nothing
      returning id`,
    existing: sql`select id from conversation where seeker_ad_id = ${adId} and poster_id = ${starterId}`,
  }),
}

/** The SQL of conversations: the only code that writes `conversation`, `conversation_member`, `message` and blocks. */
export function createConversationsRepository(db: Database) {
  const reads = createConversationReads(db)

  /** The caller's side of a conversation: the other participant (null: deleted), or undefined if not a member. */
  async function sideOf(executor: Pick<Database, 'execute'>, conversationId: string, userId: string) {
    const [row] = await rowsOf<{ otherId: string | null }>(
      executor,
      sql`select other_id as "otherId" from conversation_member
        where conversation_id = ${conversationId} and user_id = ${userId}`,
    )
    return row
  }

  /** For a write that found no side of the caller's: an unknown conversation, or someone else's. */
  async function missingOrNotMember(conversationId: string): Promise<'missing' | 'not-member'> {
    const [row] = await rowsOf(db, sql`select 1 from conversation where id = ${conversationId}`)
    return row ? 'not-member' : 'missing'
  }

  return {
    ...reads,

    /**
     * The first message about a listing (from a seeker to its poster) or a room-wanted ad (from a poster to the
     * seeker): the conversation (one per subject and the person starting it; an existing one is reused) and its
     * message, in one transaction. Only a verified address may start one; a paused ad is the seeker's alone.
     */
    async start(subject: Subject, starterId: string, body: string): Promise<StartOutcome> {
      const { target: targetStatement, insert, existing } = SUBJECT_SQL[subject.kind](subject.id, starterId)
      return db.transaction(async (tx) => {
        const [target] = await rowsOf<{ ownerId: string; verified: boolean; open: boolean }>(
          tx,
          targetStatement,
        )
        if (!target) return { outcome: 'missing' }
        if (target.ownerId === starterId) return { outcome: 'own' }
        if (!target.open) return { outcome: 'missing' }
        if (!target.verified) return { outcome: 'unverified' }
        const blocker = await lockParticipants(tx, starterId, target.ownerId)
        if (blocker) return { outcome: 'blocked', blocker }
        const [created] = await rowsOf<{ id: string }>(tx, insert(target.ownerId))
        let conversationId = created?.id
        if (conversationId) {
          await tx.execute(sql`insert into conversation_member (conversation_id, user_id, other_id, last_message_id)
            values (${conversationId}, ${starterId}, ${target.ownerId}, 0),
              (${conversationId}, ${target.ownerId}, ${starterId}, 0)`)
        } else {
          const [found] = await rowsOf<{ id: string }>(tx, existing)
          conversationId = found!.id
        }
        const message = await insertMessage(tx, {
          conversationId,
          senderId: starterId,
          recipientId: target.ownerId,
          body,
          holdsContact: holdsContact(body),
        })
        if (!message) return { outcome: 'declined' }
        return { outcome: created ? 'started' : 'reused', conversationId, message }
      })
    },

    /** A message from a participant; refused when either blocked the other or the other's account is gone. */
    async send(conversationId: string, senderId: string, body: string): Promise<SendOutcome> {
      const outcome = await db.transaction(async (tx): Promise<SendOutcome | undefined> => {
        const side = await sideOf(tx, conversationId, senderId)
        if (!side) return undefined
        if (!side.otherId) return { outcome: 'gone' }
        const blocker = await lockParticipants(tx, senderId, side.otherId)
        if (blocker) return { outcome: 'blocked', blocker }
        const message = await insertMessage(tx, {
          conversationId,
          senderId,
          recipientId: side.otherId,
          body,
          holdsContact: holdsContact(body),
        })
        return message ? { outcome: 'sent', message } : { outcome: 'declined' }
      })
      return outcome ?? { outcome: await missingOrNotMember(conversationId) }
    },

    /**
     * "Not a fit", by the person contacted: their message (if any), then the conversation closed to new messages
     * and a `declined` event, in one transaction under both participants' locks. Anyone else who is no
     * participant finds nothing (`missing`); the person who started it may not (`starter`).
     */
    async decline(conversationId: string, userId: string, body: string | undefined): Promise<DeclineOutcome> {
      return db.transaction(async (tx): Promise<DeclineOutcome> => {
        const [side] = await rowsOf<{ otherId: string | null; isStarter: boolean }>(
          tx,
          sql`select side.other_id as "otherId", coalesce(${starter} = ${userId}, false) as "isStarter"
            from conversation_member side join conversation c on c.id = side.conversation_id
            where side.conversation_id = ${conversationId} and side.user_id = ${userId}`,
        )
        if (!side) return 'missing'
        if (side.isStarter) return 'starter'
        if (!side.otherId) return 'gone'
        const blocker = await lockParticipants(tx, userId, side.otherId)
        if (blocker) return { blocker }
        if (body !== undefined) {
          const message = await insertMessage(tx, {
            conversationId,
            senderId: userId,
            recipientId: side.otherId,
            body,
            holdsContact: holdsContact(body),
          })
          if (!message) return 'declined-before'
        }
        const [closed] = await rowsOf(
          tx,
          sql`update conversation set declined_at = now()
            where id = ${conversationId} and declined_at is null returning id`,
        )
        if (!closed) return 'declined-before'
        await appendConversationEvent(tx, { conversationId, type: 'declined' })
        return 'declined'
      })
    },

    /**
     * Marks everything in the conversation read by `userId`: read position to the last message, unread to 0, and
     * the unread mail's mark cleared. Tells the other participant's connections, for "Seen". False when the
     * caller isn't a participant (`missing` tells why).
     */
    async markRead(conversationId: string, userId: string): Promise<'read' | 'missing' | 'not-member'> {
      // The row's own last_message_id: a message committing meanwhile makes this wait for its row lock and then
      // read the new value, so the count and the position always agree.
      const rows = await rowsOf<{ readId: number }>(
        db,
        sql`with side as (
            update conversation_member set read_id = last_message_id, unread = 0, unread_since = null,
              mailed_at = null
            where conversation_id = ${conversationId} and user_id = ${userId}
            returning read_id, other_id
          )
          select read_id::float8 as "readId",
            case when other_id is not null then pg_notify(${LIVE_CHANNEL}, json_build_object(
              't', 'r', 'c', ${conversationId}::text, 'id', read_id, 'u', json_build_array(${userId}::text, other_id)
            )::text) end
          from side`,
      )
      if (rows.length > 0) return 'read'
      return missingOrNotMember(conversationId)
    },

    /** Blocks (or unblocks) the other participant; false when the caller isn't one (`missing` tells why). */
    async setBlock(
      conversationId: string,
      userId: string,
      blocked: boolean,
    ): Promise<'done' | 'gone' | 'missing' | 'not-member'> {
      const side = await sideOf(db, conversationId, userId)
      if (!side) return missingOrNotMember(conversationId)
      if (!side.otherId) return 'gone'
      const notify = sql`pg_notify(${LIVE_CHANNEL}, json_build_object(
        't', 'b', 'c', ${conversationId}::text, 'u', json_build_array(${userId}::text, ${side.otherId}::text))::text)`
      await db.execute(
        blocked
          ? sql`with added as (
              insert into user_block (blocker_id, blocked_id) values (${userId}, ${side.otherId})
              on conflict do nothing returning 1
            ) select ${notify}`
          : sql`with removed as (
              delete from user_block where blocker_id = ${userId} and blocked_id = ${side.otherId} returning 1
            ) select ${notify}`,
      )
      return 'done'
    },
  }
}

export type ConversationsRepository = ReturnType<typeof createConversationsRepository>
