import { sql } from 'drizzle-orm'
import type { EventType, MessageEvent } from '#shared/conversations.ts'
import { rowsOf, type Transaction } from '../db/sql.ts'
import { LIVE_CHANNEL } from '../live/live-events.ts'
import { lockPeople } from './message-locks.ts'

/** A message's `event` as the API answers it, from `message <alias>`: null on text, no `viewingId` without one. */
export const messageEvent = (alias = 'm') => {
  const m = sql.raw(alias)
  return sql`case when ${m}.kind = 'event' then json_strip_nulls(json_build_object(
    'type', ${m}.event_type, 'viewingId', ${m}.viewing_id)) end`
}

/** A row read with `messageEvent`, as the contract has it: text carries no `event` at all. */
export function withoutNullEvent<Row extends { event: MessageEvent | null }>(
  row: Row,
): Omit<Row, 'event'> & { event?: MessageEvent } {
  const { event, ...rest } = row
  return event ? { ...rest, event } : rest
}

/**
 * Writes an event into a conversation (docs/api.md, Conversations: events), in the caller's transaction, and tells
 * both participants' open streams when it commits. An event has no sender and no text; it moves the
 * conversation up both inboxes but counts as nobody's unread message, so it never starts the unread mail, and it
 * is never shielded. It takes both participants' message locks first, as a message does, so live resume sees
 * every person's messages and events in id order. Answers the event's id, or undefined when the conversation has
 * no participant left.
 */
export async function appendConversationEvent(
  tx: Transaction,
  input: { conversationId: string; type: EventType; viewingId?: string },
): Promise<number | undefined> {
  const { conversationId, type, viewingId } = input
  const sides = await rowsOf<{ userId: string }>(
    tx,
    sql`select user_id as "userId" from conversation_member where conversation_id = ${conversationId}`,
  )
  const people = sides.map((side) => side.userId)
  if (people.length === 0) return undefined
  await lockPeople(tx, people)
  const [row] = await rowsOf<{ id: number }>(
    tx,
    sql`with added as (
        insert into message (conversation_id, sender_id, body, kind, event_type, viewing_id)
        values (${conversationId}, null, '', 'event', ${type}, ${viewingId ?? null})
        returning id
      ), sides as (
        update conversation_member side set last_message_id = added.id
        from added where side.conversation_id = ${conversationId}
        returning side.user_id
      )
      select added.id::float8 as id, pg_notify(${LIVE_CHANNEL}, json_build_object(
        't', 'm', 'id', added.id, 'u', json_build_array(${people[0]}::text, ${people.at(-1)}::text)
      )::text)
      from added`,
  )
  return row?.id
}
