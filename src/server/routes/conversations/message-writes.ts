import { sql } from 'drizzle-orm'
import { rowsOf, type Transaction } from '../../db/sql.ts'
import { LIVE_CHANNEL } from '../../live/live-events.ts'
import { contacted } from '../../conversations/enquiry-state.ts'

/** Which of two people blocked the other, if either did. */
export type Blocker = 'me' | 'other' | null

/**
 * Takes the two participants' message locks for the rest of the transaction, in one order for everyone, and
 * tells whether either blocked the other. A message takes both locks before its id is drawn, so each person's
 * messages commit in the order of their ids: a client that has message N has every earlier one of its
 * conversations, and resuming from N loses nothing (docs/decisions/038).
 */
/**
 * Takes the message locks of several people for the rest of the transaction, in the one order every writer uses
 * (ascending ids), so a writer holding several never waits on one holding a pair in the other order.
 */
export async function lockPeople(tx: Transaction, people: string[]) {
  const ids = [...new Set(people)].sort().map((id) => `message:${id}`)
  // unnest reads the array in its order, and each row takes its lock as it is read.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(key, 0))
    from unnest(${`{${ids.map((id) => JSON.stringify(id)).join(',')}}`}::text[]) as key`)
}

export async function lockParticipants(tx: Transaction, me: string, other: string): Promise<Blocker> {
  const [first, second] = [me, other].sort()
  const [row] = await rowsOf<{ blocker: string | null }>(
    tx,
    sql`
      select pg_advisory_xact_lock(hashtextextended(${`message:${first}`}, 0)),
        pg_advisory_xact_lock(hashtextextended(${`message:${second}`}, 0)),
        (select blocker_id from user_block
          where (blocker_id = ${me} and blocked_id = ${other}) or (blocker_id = ${other} and blocked_id = ${me})
          order by blocker_id = ${me} desc limit 1) as blocker`,
  )
  if (!row?.blocker) return null
  return row.blocker === me ? 'me' : 'other'
}

export type SentRow = { id: number; createdAt: string; shielded: boolean }

/**
 * Adds a message to a conversation whose participants' locks the transaction holds, and brings both sides up to
 * date in the same statement: the recipient's unread count and since when, the sender's read position (writing
 * is reading), and when the person contacted first replied. The contact shield is decided here: a message holding
 * contacts is shielded while its recipient has never written in the conversation. NOTIFY tells every app process
 * the new id and whom it concerns; it is sent when the transaction commits.
 */
export async function insertMessage(
  tx: Transaction,
  input: {
    conversationId: string
    senderId: string
    recipientId: string
    body: string
    holdsContact: boolean
  },
): Promise<SentRow> {
  const { conversationId, senderId, recipientId, body, holdsContact } = input
  const [row] = await rowsOf<SentRow>(
    tx,
    sql`
      with sent as (
        insert into message (conversation_id, sender_id, body, shielded)
        values (${conversationId}, ${senderId}, ${body}, ${holdsContact} and not exists (
          select 1 from message where conversation_id = ${conversationId} and sender_id = ${recipientId}
        ))
        returning id, created_at, shielded
      ), sides as (
        update conversation_member as side set
          last_message_id = sent.id,
          read_id = case when side.user_id = ${senderId} then sent.id else side.read_id end,
          unread = case when side.user_id = ${senderId} then 0 else side.unread + 1 end,
          unread_since = case when side.user_id = ${senderId} then null
            else coalesce(side.unread_since, sent.created_at) end,
          mailed_at = case when side.user_id = ${senderId} then null else side.mailed_at end
        from sent
        where side.conversation_id = ${conversationId}
        returning side.user_id
      ), replied as (
        update conversation c set replied_at = sent.created_at
        from sent
        where c.id = ${conversationId} and c.replied_at is null and ${contacted} = ${senderId}
        returning c.id
      )
      select sent.id::float8 as id, sent.shielded,
        to_char(sent.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
        pg_notify(${LIVE_CHANNEL}, json_build_object(
          't', 'm', 'id', sent.id, 'u', json_build_array(${senderId}::text, ${recipientId}::text)
        )::text)
      from sent`,
  )
  return row!
}
