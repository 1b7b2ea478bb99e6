import { sql } from 'drizzle-orm'
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { REVIEW_LIMITS } from '#shared/reviews.ts'
import { user } from './auth.ts'
import { conversation } from './conversations.ts'

/**
 * A review written after a confirmed move-in in `conversationId` by one of its two people (`authorId`) about the
 * other (`subjectId`): one per person and conversation. When it is published is a read-time rule
 * (reviews/review-rules.ts, docs/decisions/092); the subject may reply once. A moderator may hide it.
 */
export const review = pgTable(
  'review',
  {
    id: uuid().primaryKey().defaultRandom(),
    // A conversation deleted with one account leaves the other's reviews to their own cascade (below).
    conversationId: uuid().references(() => conversation.id, { onDelete: 'set null' }),
    authorId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    subjectId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    tidy: smallint().notNull(),
    bills: smallint().notNull(),
    considerate: smallint().notNull(),
    communication: smallint().notNull(),
    text: text().notNull().default(''),
    reply: text(),
    repliedAt: timestamp({ withTimezone: true }),
    /** A moderator hid it: it is shown to no one. */
    moderatorHiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('review_conversation_author_idx').on(table.conversationId, table.authorId),
    // The profile reads a person's reviews, newest first.
    index('review_subject_idx').on(table.subjectId, table.createdAt),
    index('review_author_idx').on(table.authorId),
    check(
      'review_ratings',
      sql`${table.tidy} between 1 and 5 and ${table.bills} between 1 and 5 and ${table.considerate} between 1 and 5 and ${table.communication} between 1 and 5`,
    ),
    check('review_text', sql`char_length(${table.text}) <= ${sql.raw(String(REVIEW_LIMITS.text))}`),
    check(
      'review_reply',
      sql`${table.reply} is null or char_length(${table.reply}) between 1 and ${sql.raw(String(REVIEW_LIMITS.reply))}`,
    ),
    check('review_not_self', sql`${table.authorId} <> ${table.subjectId}`),
  ],
)
