import { sql } from 'drizzle-orm'
import {
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { RENT_MAX, ROOM_TYPES } from '#shared/listing-values.ts'
import { HIDDEN_REASONS } from '#shared/reports.ts'
import {
  SEEKER_AD_FACTS,
  SEEKER_AD_LIMITS,
  SEEKER_AD_STATUSES,
  type SeekerArea,
} from '#shared/seeker-ad-facts.ts'
import { factChecks, factColumns } from '../fact-sql.ts'
import { user } from './auth.ts'
import { cube, sqlList } from '../sql.ts'

/**
 * A room-wanted ad (docs/architecture.md §3.7): at most one per person, deleted with the account. Its areas are
 * kept twice: as the answer shows them (`areas`, with each place's label) and as rows of seeker_ad_area, which
 * near= and a listing's fitting seekers search.
 */
export const seekerAd = pgTable(
  'seeker_ad',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: text()
      .notNull()
      .unique()
      .references(() => user.id, { onDelete: 'cascade' }),
    headline: text().notNull(),
    about: text().notNull().default(''),
    budget: integer().notNull(),
    roomTypes: text({ enum: ROOM_TYPES }).array().notNull(),
    areas: jsonb().$type<SeekerArea[]>().notNull(),
    status: text({ enum: SEEKER_AD_STATUSES }).notNull().default('active'),
    // Why the ad is hidden from everyone but its owner and the moderators (null: shown), as for a listing.
    hiddenReason: text({ enum: HIDDEN_REASONS }),
    // The facts of src/shared/seeker-ad-facts.ts: move_in_from, min_stay_months, bills_included, …
    ...factColumns(SEEKER_AD_FACTS),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // Freshness: when its writer last said the ad still holds (every save does).
    confirmedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('seeker_ad_budget', sql`${table.budget} between 0 and ${sql.raw(String(RENT_MAX))}`),
    check(
      'seeker_ad_room_types',
      sql`cardinality(${table.roomTypes}) >= 1 and ${table.roomTypes} <@ array[${sqlList(ROOM_TYPES)}]::text[]`,
    ),
    check('seeker_ad_status', sql`${table.status} in (${sqlList(SEEKER_AD_STATUSES)})`),
    check('seeker_ad_hidden_reason', sql`${table.hiddenReason} in (${sqlList(HIDDEN_REASONS)})`),
    ...factChecks('seeker_ad', SEEKER_AD_FACTS, table),
    // Rooms wanted's orders, shown active ads only: newest, and budget highest first.
    index('seeker_ad_active_created_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'active' and ${table.hiddenReason} is null`),
    index('seeker_ad_active_budget_idx')
      .on(table.budget, table.id)
      .where(sql`${table.status} = 'active' and ${table.hiddenReason} is null`),
    // The moderation queue shows what reports hid first (docs/decisions/071).
    index('seeker_ad_hidden_by_reports_idx')
      .on(table.id)
      .where(sql`${table.hiddenReason} = 'reports'`),
  ],
)

/**
 * One area of an ad: a gazetteer place and a radius. `reach` is the circle's bounding cube (earthdistance's
 * earth_box), so "an area whose circle holds this place" is a GiST lookup of the point in `reach` (migration's
 * hand-written index) and then the exact distance.
 */
export const seekerAdArea = pgTable(
  'seeker_ad_area',
  {
    adId: uuid()
      .notNull()
      .references(() => seekerAd.id, { onDelete: 'cascade' }),
    position: smallint().notNull(),
    placeId: integer().notNull(),
    lat: doublePrecision().notNull(),
    lon: doublePrecision().notNull(),
    radiusKm: doublePrecision().notNull(),
    earth: cube().generatedAlwaysAs(sql`ll_to_earth(lat, lon)`),
    reach: cube().generatedAlwaysAs(sql`earth_box(ll_to_earth(lat, lon), radius_km * 1000)`),
  },
  (table) => [
    primaryKey({ columns: [table.adId, table.position] }),
    check(
      'seeker_ad_area_radius',
      sql`${table.radiusKm} between ${sql.raw(String(SEEKER_AD_LIMITS.radiusKm.min))} and ${sql.raw(String(SEEKER_AD_LIMITS.radiusKm.max))}`,
    ),
  ],
)

/**
 * A hide that outlives its ad (docs/decisions/072): a person who deletes an ad that a moderator or reports hid keeps
 * the hide here, and their next ad is born hidden for the same reason under the same id, so the decisions, the
 * reports and the queue still name it. Written and taken only by migration 0019's triggers on `seeker_ad`; a
 * dismissal of the reports drops a hold they made.
 */
export const seekerAdHold = pgTable(
  'seeker_ad_hold',
  {
    ownerId: text()
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    adId: uuid().notNull(),
    hiddenReason: text({ enum: HIDDEN_REASONS }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('seeker_ad_hold_reason', sql`${table.hiddenReason} in ('moderator', 'reports')`)],
)
