import { inArray, lt, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
import type { Database } from '../db/client.ts'
import { keptMessage, rateLimit, session, verification } from '../db/schema/index.ts'
import { RATE_LIMIT_KEEP_MS } from '../plugins/rate-limit-store.ts'

/** What the cleanup deletes: rows whose time has passed, found through an index on that time. */
export type Sweep = { name: string; table: PgTable; id: PgColumn; expired: (now: Date) => SQL }

export const SWEEPS: Sweep[] = [
  { name: 'sessions', table: session, id: session.id, expired: (now) => lt(session.expiresAt, now) },
  // Better Auth deletes a reset token when it is used; one never used stays until it expires.
  {
    name: 'verification tokens',
    table: verification,
    id: verification.id,
    expired: (now) => lt(verification.expiresAt, now),
  },
  {
    name: 'rate-limit counters',
    table: rateLimit,
    id: rateLimit.id,
    expired: (now) => lt(rateLimit.lastRequest, now.getTime() - RATE_LIMIT_KEEP_MS),
  },
  // A deleted account's reported messages, kept for the moderators a while (decision 072).
  {
    name: 'kept reported messages',
    table: keptMessage,
    id: keptMessage.messageId,
    expired: (now) => lt(keptMessage.keptUntil, now),
  },
]

/**
 * Deletes at most `limit` expired rows in one short statement and answers how many. Rows a request holds locked
 * (a session being refreshed) are skipped rather than waited for: the next batch or run takes them.
 */
export async function deleteExpiredBatch(db: Database, sweep: Sweep, now: Date, limit: number) {
  const batch = db
    .select({ id: sweep.id })
    .from(sweep.table)
    .where(sweep.expired(now))
    .limit(limit)
    .for('update', { skipLocked: true })
  const deleted = await db.delete(sweep.table).where(inArray(sweep.id, batch)).returning({ id: sweep.id })
  return deleted.length
}
