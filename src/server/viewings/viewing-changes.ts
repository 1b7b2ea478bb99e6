import { sql } from 'drizzle-orm'
import type { Transaction } from '../db/sql.ts'

export type ViewingChange = 'booked' | 'cancelled' | 'late' | 'outcome'

/**
 * The one place every change to a viewing passes through, inside the transaction that made it: whatever must
 * follow a booking, a cancellation, a late notice or an outcome is appended here, so it commits with the change or
 * not at all. Today it wakes the viewing-mail job (calendar mails, reminders; viewing-mail-job.ts). The
 * conversation's event messages (`viewing_booked`, `viewing_cancelled`, `viewing_late`, `viewing_outcome`) are
 * to be written here too.
 */
export async function onViewingChanged(
  tx: Transaction,
  viewing: { id: string; conversationId: string | null },
  change: ViewingChange,
): Promise<void> {
  if (change === 'booked' || change === 'cancelled')
    await tx.execute(sql`select pg_notify('viewing_event', '')`)
}
