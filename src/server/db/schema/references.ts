import { sql } from 'drizzle-orm'
import { check, index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { RELATIONSHIPS } from '#shared/references.ts'
import { user } from './auth.ts'
import { sqlList } from '../sql.ts'

/**
 * A reference asked of someone by e-mail (docs/decisions/091): the link's token is kept only as its SHA-256, works
 * once (`usedAt`) and until `expiresAt`. `refereeEmail` is lower-case and never leaves the server.
 */
export const referenceRequest = pgTable(
  'reference_request',
  {
    id: uuid().primaryKey().defaultRandom(),
    requesterId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    refereeEmail: text().notNull(),
    refereeName: text().notNull(),
    relationship: text({ enum: RELATIONSHIPS }).notNull(),
    tokenHash: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    uniqueIndex('reference_request_token_idx').on(table.tokenHash),
    // The daily limit counts a person's requests of the last day.
    index('reference_request_requester_idx').on(table.requesterId, table.createdAt),
    check('reference_request_relationship', sql`${table.relationship} in (${sqlList(RELATIONSHIPS)})`),
  ],
)

/** A referee's answer about `subjectId`: one per referee address and person. */
export const reference = pgTable(
  'reference',
  {
    id: uuid().primaryKey().defaultRandom(),
    subjectId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    refereeEmail: text().notNull(),
    refereeName: text().notNull(),
    relationship: text({ enum: RELATIONSHIPS }).notNull(),
    fromMonth: text().notNull(),
    toMonth: text().notNull(),
    tidy: smallint().notNull(),
    bills: smallint().notNull(),
    considerate: smallint().notNull(),
    communication: smallint().notNull(),
    text: text().notNull().default(''),
    /** Its subject chose not to show it. */
    hiddenAt: timestamp({ withTimezone: true }),
    /** A moderator hid it: it is shown to no one, whatever its subject chooses. */
    moderatorHiddenAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('reference_subject_referee_idx').on(table.subjectId, table.refereeEmail),
    check('reference_relationship', sql`${table.relationship} in (${sqlList(RELATIONSHIPS)})`),
    check(
      'reference_ratings',
      sql`${table.tidy} between 1 and 5 and ${table.bills} between 1 and 5 and ${table.considerate} between 1 and 5 and ${table.communication} between 1 and 5`,
    ),
    check('reference_text', sql`char_length(${table.text}) <= 1000`),
  ],
)
