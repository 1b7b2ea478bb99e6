import { sql } from 'drizzle-orm'
import { keepReportedMessagesOf } from '../moderation/kept-messages.ts'
import type { Transaction } from '../../db/sql.ts'

/**
 * The conversation part of deleting an account, inside its transaction and before the user row goes: the
 * person's messages go (a copy of those with open reports is kept for the moderators), conversations left with nothing to read (no message, or no one else) go, and the other
 * side of the rest keeps its own messages, its last message worked out again and nothing unread. Deleting the
 * user row then removes the person's sides and leaves their place in the others' conversations empty ("deleted
 * account").
 */
export async function deleteConversationsOf(tx: Transaction, userId: string) {
  // What others reported stays for the moderators a while, without the person's name (decision 072).
  await keepReportedMessagesOf(tx, userId)
  await tx.execute(sql`delete from message where sender_id = ${userId}`)
  await tx.execute(sql`delete from conversation c
    where (c.seeker_id = ${userId} or c.poster_id = ${userId})
      and (c.seeker_id is null or c.poster_id is null
        or not exists (select 1 from message m where m.conversation_id = c.id))`)
  await tx.execute(sql`update conversation_member side set
      last_message_id = (select max(m.id) from message m where m.conversation_id = side.conversation_id),
      unread = 0, unread_since = null, mailed_at = null
    where side.other_id = ${userId}`)
}
