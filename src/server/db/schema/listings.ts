import { sql } from 'drizzle-orm'
import {
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
import { HIDDEN_REASONS } from '#shared/reports.ts'
import { AVAILABILITIES, LISTING_FACTS, RENT_MAX, ROOM_TYPES } from '#shared/listing-values.ts'
import { factChecks, factColumns } from '../fact-sql.ts'
import { user } from './auth.ts'
import { cube, sqlList } from '../sql.ts'

export const listing = pgTable(
  'listing',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    location: text().notNull(),
    rent: integer().notNull(),
    roomType: text({ enum: ROOM_TYPES }).notNull(),
    lifestyle: text().notNull().default(''),
    description: text().notNull().default(''),
    contact: text().notNull(),
    number: text().notNull().default(''),
    availability: text({ enum: AVAILABILITIES }).notNull().default('Available'),
    // The gazetteer place the listing sits in (a GeoNames id), its label and coordinates copied from the
    // gazetteer when the listing is written: all null for a listing without a place.
    placeId: integer(),
    placeName: text(),
    lat: doublePrecision(),
    lon: doublePrecision(),
    // The point on earthdistance's sphere, kept beside lat/lon so browse near a place doesn't compute it per row
    // and per use: computing `ll_to_earth` on every candidate row was most of the time of a near= page.
    earth: cube().generatedAlwaysAs(sql`ll_to_earth(lat, lon)`),
    likes: integer().notNull().default(0),
    // Why a listing is hidden from everyone but its owner (null: shown): three verified people's reports, a
    // moderator, or its owner's suspension (docs/decisions/046).
    hiddenReason: text({ enum: HIDDEN_REASONS }),
    // When the owner last said the room is still there (create, edit, "Still available"). The freshness job mails
    // the owner 30 days after it (freshness_mailed_at) and turns the listing Not Available 7 days after the mail.
    confirmedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    freshnessMailedAt: timestamp({ withTimezone: true }),
    // The household facts of src/shared/listing-facts.ts (bills_included, available_from, min_stay_months, …):
    // a boolean, a date or a smallint each, null when the poster didn't say.
    ...factColumns(LISTING_FACTS),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (table) => [
    check('listing_rent_range', sql`${table.rent} between 0 and ${sql.raw(String(RENT_MAX))}`),
    check('listing_room_type', sql`${table.roomType} in (${sqlList(ROOM_TYPES)})`),
    check('listing_availability', sql`${table.availability} in (${sqlList(AVAILABILITIES)})`),
    check('listing_likes', sql`${table.likes} >= 0`),
    check('listing_hidden_reason', sql`${table.hiddenReason} in (${sqlList(HIDDEN_REASONS)})`),
    check(
      'listing_place',
      sql`(${table.placeId} is null) = (${table.lat} is null) and (${table.lat} is null) = (${table.lon} is null)`,
    ),
    // The ranged facts' bounds: listing_min_stay_months, listing_household_size, …
    ...factChecks('listing', LISTING_FACTS, table),
    // Browse: keyset over (rent, id) with or without a room-type filter, and over (created_at, id). The rent and
    // created_at indexes also INCLUDE (lat, lon, hidden_reason), added by hand in migrations 0005 and 0012
    // (drizzle-kit can't write it).
    index('listing_rent_id_idx').on(table.rent, table.id),
    index('listing_room_type_rent_id_idx').on(table.roomType, table.rent, table.id),
    index('listing_created_at_id_idx').on(table.createdAt, table.id),
    // Featured: the newest Available listings.
    index('listing_featured_idx')
      .on(table.createdAt)
      .where(sql`${table.availability} = 'Available'`),
    index('listing_owner_id_idx').on(table.ownerId, table.createdAt),
    // The freshness job: Available listings by when they were last confirmed.
    index('listing_confirmed_at_idx')
      .on(table.confirmedAt)
      .where(sql`${table.availability} = 'Available'`),
    // The moderation queue shows what reports hid first (docs/decisions/071).
    index('listing_hidden_by_reports_idx')
      .on(table.id)
      .where(sql`${table.hiddenReason} = 'reports'`),
  ],
)

/** One like per person per listing: the primary key makes a second like a no-op. */
export const listingLike = pgTable(
  'listing_like',
  {
    listingId: uuid()
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.listingId, table.userId] }),
    index('listing_like_user_id_idx').on(table.userId),
  ],
)
