import { sql } from 'drizzle-orm'
import { rowsOf, type Transaction } from '../../db/sql.ts'
import { LIVE_CHANNEL } from '../../live/live-events.ts'
import { PAGES } from '#shared/pages.ts'
import { queuePushesSql, wakePushJob } from '../../push/push-queue.ts'
import { contacted } from '../../conversations/enquiry-state.ts'
import { asksForMoney } from '#shared/money-ask.ts'

export type SentRow = { id: number; createdAt: string; shielded: boolean; moneyAsk: boolean }

/**
 * Adds a message to a conversation whose participants' locks the transaction holds, and brings both sides up to
 * date in the same statement: the recipient's unread count and since when, the sender's read position (writing
 * is reading), and when the person contacted first replied. The contact shield is decided here: a message holding
 * contacts is shielded while its recipient has never written in the conversation; a message asking for money is
 * marked while no viewing of the conversation has been done (decision 090), so no path writes one unchecked.
 * NOTIFY tells every app process the new id and whom it concerns; it is sent when the transaction commits. A declined conversation takes no
 * message (undefined): every message is written here, so no path sends one after "not a fit". The recipient's
 * devices that take `messages` get a push naming the sender, never the text (decision 099), queued in the same
 * statement.
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
): Promise<SentRow | undefined> {
  const { conversationId, senderId, recipientId, body, holdsContact } = input
  const [row] = await rowsOf<SentRow>(
    tx,
    sql`
      with sent as (
        insert into message (conversation_id, sender_id, body, shielded, money_ask)
        select ${conversationId}, ${senderId}, ${body}, ${holdsContact} and not exists (
          select 1 from message where conversation_id = ${conversationId} and sender_id = ${recipientId}
        ), ${asksForMoney(body)} and not exists (
          select 1 from viewing where conversation_id = ${conversationId} and status = 'done'
        )
        where not exists (select 1 from conversation where id = ${conversationId} and declined_at is not null)
        returning id, created_at, shielded, money_ask
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
      ), pushed as (${queuePushesSql(
        'messages',
        sql`select ${recipientId}::text as user_id, 'message:' || sent.id as key,
          sender.name || ' sent you a message' as title, 'Open Nestmate to read it and reply.' as body,
          replace(${PAGES.conversation.path}, ':id', ${conversationId}::text) as url
        from sent, "user" sender where sender.id = ${senderId}`,
      )}), replied as (
        update conversation c set replied_at = sent.created_at
        from sent
        where c.id = ${conversationId} and c.replied_at is null and ${contacted} = ${senderId}
        returning c.id
      )
      select sent.id::float8 as id, sent.shielded, sent.money_ask as "moneyAsk", ${wakePushJob('pushed')},
        to_char(sent.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
        pg_notify(${LIVE_CHANNEL}, json_build_object(
          't', 'm', 'id', sent.id, 'u', json_build_array(${senderId}::text, ${recipientId}::text)
        )::text)
      from sent`,
  )
  return row
}
