import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { ViewingException, ViewingRule } from '#shared/viewings.ts'
import { user } from './auth.ts'
import { conversation } from './conversations.ts'
import { listing } from './listings.ts'

/**
 * A listing's viewing times (docs/architecture.md §3.1, docs/decisions/094): the weekly windows and exceptions
 * its slots are worked out from, in its zone. Bookings of the listing lock this row (decision 095).
 */
export const viewingTimes = pgTable('viewing_times', {
  listingId: uuid()
    .primaryKey()
    .references(() => listing.id, { onDelete: 'cascade' }),
  timeZone: text().notNull(),
  meetingPoint: text().notNull(),
  videoLink: text(),
  rules: jsonb().$type<ViewingRule[]>().notNull(),
  exceptions: jsonb().$type<ViewingException[]>().notNull(),
  updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})

/**
 * One booked slot: a seeker seeing a poster's room. The meeting point or video link is kept as it was at booking,
 * so the calendar file stays what both were sent. `sequence` rises with each change (the iCalendar SEQUENCE);
 * `mailed_sequence` is the last one mailed to both, `reminded` the reminders sent (1: the 24-hour one, 2: both).
 */
export const viewing = pgTable(
  'viewing',
  {
    id: uuid().primaryKey().defaultRandom(),
    listingId: uuid().references(() => listing.id, { onDelete: 'cascade' }),
    listingTitle: text().notNull(),
    conversationId: uuid().references(() => conversation.id, { onDelete: 'set null' }),
    seekerId: text().references(() => user.id, { onDelete: 'set null' }),
    posterId: text().references(() => user.id, { onDelete: 'set null' }),
    start: timestamp({ withTimezone: true }).notNull(),
    end: timestamp({ withTimezone: true }).notNull(),
    timeZone: text().notNull(),
    kind: text({ enum: ['in_person', 'video'] }).notNull(),
    place: text().notNull(),
    status: text({ enum: ['booked', 'cancelled', 'done', 'no_show'] })
      .notNull()
      .default('booked'),
    cancelledBy: text({ enum: ['seeker', 'poster'] }),
    cancelReason: text(),
    lateMinutes: smallint(),
    sequence: integer().notNull().default(0),
    mailedSequence: integer().notNull().default(-1),
    reminded: smallint().notNull().default(0),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('viewing_status', sql`${table.status} in ('booked', 'cancelled', 'done', 'no_show')`),
    check('viewing_kind', sql`${table.kind} in ('in_person', 'video')`),
    check('viewing_times_order', sql`${table.end} > ${table.start}`),
    // A slot's places taken, and a seeker's upcoming viewing of the listing.
    index('viewing_listing_start_idx')
      .on(table.listingId, table.start)
      .where(sql`${table.status} = 'booked'`),
    index('viewing_seeker_idx').on(table.seekerId, table.start, table.id),
    index('viewing_poster_idx').on(table.posterId, table.start, table.id),
    // Where an enquiry stands: a conversation with a booked viewing (enquiry-state.ts).
    index('viewing_conversation_idx')
      .on(table.conversationId)
      .where(sql`${table.status} = 'booked'`),
    // What the mail job looks for: calendar mails not yet sent, reminders coming due.
    index('viewing_mail_idx')
      .on(table.start)
      .where(
        sql`${table.mailedSequence} < ${table.sequence} or (${table.status} = 'booked' and ${table.reminded} < 2)`,
      ),
  ],
)

/**
 * "Share with someone I trust" (docs/decisions/087): one link per viewing, its token kept only as its SHA-256. A
 * new link replaces the old; the link shows the viewing until the end of the day after it.
 */
export const viewingShare = pgTable('viewing_share', {
  viewingId: uuid()
    .primaryKey()
    .references(() => viewing.id, { onDelete: 'cascade' }),
  tokenHash: text().notNull().unique('viewing_share_token_idx'),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
