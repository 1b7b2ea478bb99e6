import { sql } from 'drizzle-orm'
import { bigserial, check, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

export const SIGNAL_CHECK_KINDS = ['listing', 'photo', 'message'] as const

/**
 * What the signals job (src/server/signals) still has to look at: a listing posted or whose rent, text or place
 * changed, a photo stored with a hash, a conversation's first message. Triggers add the rows in the same
 * transaction as the write (the hand-written part of the signals migration), so a write costs one small insert
 * and nothing is missed however a process ends; the job takes them oldest first and deletes them as it checks.
 */
export const signalCheck = pgTable(
  'signal_check',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    kind: text({ enum: SIGNAL_CHECK_KINDS }).notNull(),
    targetId: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('signal_check_kind', sql`${table.kind} in ('listing', 'photo', 'message')`)],
)
