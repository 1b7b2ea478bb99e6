import { sql } from 'drizzle-orm'
import { appendConversationEvent } from '../conversations/conversation-events.ts'
import type { Transaction } from '../db/sql.ts'
import { queueViewingPushes } from './viewing-pushes.ts'

export type ViewingChange = 'booked' | 'cancelled' | 'late' | 'outcome'

/**
 * The one place every change to a viewing passes through, inside the transaction that made it: whatever must
 * follow a booking, a cancellation, a late notice or an outcome is appended here, so it commits with the change or
 * not at all: the conversation's event (`viewing_booked`, `viewing_cancelled`, `viewing_late`, `viewing_outcome`,
 * shown live on both sides); for a booking, a cancellation or a late notice the push to the other person's devices
 * (viewing-pushes.ts; `actorId` made the change); and for a booking or a cancellation the viewing-mail job's
 * wake-up (calendar mails, reminders; viewing-mail-job.ts).
 */
export async function onViewingChanged(
  tx: Transaction,
  viewing: { id: string; conversationId: string | null },
  change: ViewingChange,
  actorId: string,
): Promise<void> {
  if (viewing.conversationId)
    await appendConversationEvent(tx, {
      conversationId: viewing.conversationId,
      type: `viewing_${change}`,
      viewingId: viewing.id,
    })
  if (change !== 'outcome') await queueViewingPushes(tx, viewing.id, change, actorId)
  if (change === 'booked' || change === 'cancelled')
    await tx.execute(sql`select pg_notify('viewing_event', '')`)
}
