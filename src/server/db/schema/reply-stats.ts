import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { user } from './auth.ts'
import { conversation } from './conversations.ts'

/**
 * One row per conversation with a message: who was contacted (the other side of its first message's sender), when
 * the first message came and when the contacted person first answered. Written by a trigger on `message` in the
 * message's own transaction (migration reply_stats), so the response stats and the nudge never read the message
 * table itself (decision 088).
 */
export const conversationReply = pgTable(
  'conversation_reply',
  {
    conversationId: uuid()
      .primaryKey()
      .references(() => conversation.id, { onDelete: 'cascade' }),
    contactedId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    starterId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    startedAt: timestamp({ withTimezone: true }).notNull(),
    repliedAt: timestamp({ withTimezone: true }),
    /** When the contacted person was last nudged about it. */
    nudgedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    index('conversation_reply_contacted_idx').on(table.contactedId, table.startedAt),
    index('conversation_reply_started_idx').on(table.startedAt),
  ],
)

/**
 * A person's response stats over the conversations others started with them in the last 30 days, as the stats job
 * last worked them out (at most 10 minutes old: decision 088). Pages join this row; nothing counts per request.
 */
export const replyStat = pgTable('reply_stat', {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** Percent of the counted conversations answered within 48 hours; null below 3 conversations. */
  replyRate: integer(),
  /** The median hours to the first reply, rounded up; null below 3 conversations or without a reply. */
  replyHours: integer(),
  refreshedAt: timestamp({ withTimezone: true }).notNull(),
})

/** People whose stats changed since the stats job's last run: written by the trigger, taken by the job. */
export const replyStatDirty = pgTable('reply_stat_dirty', {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
})

/** One row: up to when the stats job has moved its windows (a conversation leaving 30 days or passing 48 hours). */
export const replyStatClock = pgTable('reply_stat_clock', {
  id: integer().primaryKey(),
  refreshedTo: timestamp({ withTimezone: true }).notNull(),
})
