import { sql } from 'drizzle-orm'
import {
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { ALERTS } from '#shared/saved-searches.ts'
import { LISTING_FACTS, ROOM_TYPES } from '#shared/listing-values.ts'
import { user } from './auth.ts'
import { listing } from './listings.ts'
import { factFilterColumns } from '../fact-sql.ts'
import { cube, sqlList } from '../sql.ts'

/**
 * A saved browse view (docs/architecture.md §3.8, decision 048). `query` is the view as the browse address writes
 * it; the columns after it hold the values browse's filters bind for it (their placeholders' names: `q` is the
 * search's LIKE pattern, `center` and `radiusM` near='s circle), null where the view leaves a filter unset. The
 * alert matcher reads browse's own filter conditions with these columns in place of the placeholders
 * (saved-searches/inverse-match.ts), so a new listing is matched against every search in one statement.
 */
export const savedSearch = pgTable(
  'saved_search',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    query: text().notNull(),
    alert: text({ enum: ALERTS }).notNull().default('daily'),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When its owner last opened it: `newCount` counts the hits since. */
    seenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** When its last daily digest was named (by the job's clock); the next is due a day later. */
    digestAt: timestamp({ withTimezone: true }),
    // Browse's filters, by the name of the placeholder each binds; the facts' from their table, in its filter order.
    roomType: text({ enum: ROOM_TYPES }),
    q: text(),
    minRent: integer(),
    maxRent: integer(),
    available: boolean(),
    near: integer(),
    center: cube(),
    radiusM: doublePrecision(),
    ...factFilterColumns(LISTING_FACTS),
  },
  (table) => [
    check('saved_search_alert', sql`${table.alert} in (${sqlList(ALERTS)})`),
    check('saved_search_name', sql`char_length(${table.name}) between 1 and 60`),
    check('saved_search_near', sql`(${table.near} is null) = (${table.center} is null)`),
    index('saved_search_user_idx').on(table.userId, table.createdAt),
    // The matcher's indexed columns: searches without near= by room type and rent bounds; the circles of those
    // with near= in a GiST index of their boxes (added by hand in the migration: drizzle-kit can't write it).
    index('saved_search_plain_idx')
      .on(table.roomType, table.maxRent, table.minRent)
      .where(sql`${table.near} is null`),
  ],
)

/**
 * A listing that came to fit a saved search (posted, or turned Available): once per search and listing, so a
 * room is never new to a search twice. `batch` names the alert mail that carries it (claimed before sending:
 * saved-searches/alerts.ts); `mailedAt` is set once that mail went (or was skipped: alerts off).
 */
export const savedSearchHit = pgTable(
  'saved_search_hit',
  {
    searchId: uuid()
      .notNull()
      .references(() => savedSearch.id, { onDelete: 'cascade' }),
    listingId: uuid()
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    batch: text(),
    mailedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.searchId, table.listingId] }),
    index('saved_search_hit_listing_idx').on(table.listingId),
    index('saved_search_hit_unmailed_idx')
      .on(table.searchId)
      .where(sql`${table.mailedAt} is null`),
  ],
)

/**
 * Listings to match against the saved searches: written by a trigger on `listing` in the same transaction as
 * the listing (posted Available, or turned Available), so none is lost; the alert job takes them in order.
 */
export const savedSearchEvent = pgTable('saved_search_event', {
  id: bigserial({ mode: 'number' }).primaryKey(),
  listingId: uuid()
    .notNull()
    .references(() => listing.id, { onDelete: 'cascade' }),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
})
