import { sql, type Placeholder, type SQL } from 'drizzle-orm'
import type { BrowseQuery } from '#shared/listing.ts'
import type { Database } from '../db/client.ts'
import type { Filter } from '../db/filter-table.ts'
import { listing } from '../db/schema/index.ts'

// Browse near a place (near=, radiusKm=): where it measures from, its filter, and how a page finds the circle's
// listings (decision 027).

/** Where browse measures from with near=: the chosen place's coordinates. */
export type Center = { lat: number; lon: number }

/** How a page statement reads the table: `isWide` walks the sort's index (see isWideNear). */
export type NearPlan = { isWide: boolean }

const EARTH_RADIUS_M = 6_378_168 // earthdistance's earth()

/** The place as earthdistance's ll_to_earth(lat, lon) gives it: a point in metres from the earth's centre. */
export function earthPoint({ lat, lon }: Center): string {
  const [phi, lambda] = [(lat * Math.PI) / 180, (lon * Math.PI) / 180]
  const r = EARTH_RADIUS_M
  return `(${r * Math.cos(phi) * Math.cos(lambda)}, ${r * Math.cos(phi) * Math.sin(lambda)}, ${r * Math.sin(phi)})`
}

/**
 * The lat/lon rectangle around a circle, a little wider than it, as its centre and half sides in degrees: the whole
 * band of longitudes where the circle reaches a pole or crosses the antimeridian.
 */
export function latLonBox({ lat, lon }: Center, radiusM: number) {
  const latDelta = ((radiusM / EARTH_RADIUS_M) * 180) / Math.PI + 1e-6
  const widest = Math.abs(lat) + latDelta
  const band = { boxLat: lat, boxLatDelta: latDelta, boxLon: 0, boxLonDelta: 180 }
  if (widest >= 89.9) return band
  const lonDelta = latDelta / Math.cos((widest * Math.PI) / 180)
  if (Math.abs(lon) + lonDelta > 180) return band
  return { boxLat: lat, boxLatDelta: latDelta, boxLon: lon, boxLonDelta: lonDelta }
}

/**
 * A near= place's answer is "wide" when it holds enough listings that walking the sort's index and testing each
 * entry's distance finds a page sooner than reading every listing in the circle and sorting them. Measured at 100k
 * listings (decision 027): the walk costs ~0.15 µs an index entry and reads about pageSize × all / inCircle of them
 * (more when the circle's rents sit at one end of the order), the circle 2.5–8 µs a listing. They meet between
 * 200 and 500 listings at 100k; √ keeps the rule as the table grows, and 2√ leaves the walk its margin.
 */
export const isWideNear = (inCircle: number, all: number) => inCircle >= 2 * Math.sqrt(all)

const p = {
  center: sql.placeholder('center'),
  radiusM: sql.placeholder('radiusM'),
  boxLat: sql.placeholder('boxLat'),
  boxLatDelta: sql.placeholder('boxLatDelta'),
  boxLon: sql.placeholder('boxLon'),
  boxLonDelta: sql.placeholder('boxLonDelta'),
}

// Great-circle metres from the near= place, as earthdistance's earth_distance computes them, over the listing's
// stored point (its `earth` column): the centre arrives as a cube, so no row computes ll_to_earth. The GiST index on
// `earth` answers the earth_box test; the exact distance then drops the box's corners.
export const distance = sql<number>`sec_to_gc(cube_distance(${p.center}::cube, ${listing.earth}))`
export const distanceKm = sql<number>`round((${distance} / 1000)::numeric, 1)::float8`
/**
 * The same distance from lat/lon, which the rent and creation-time indexes carry (migration 0005): `earth` is
 * ll_to_earth(lat, lon) stored, so both give the same number, and a walk of those indexes can test it without
 * reading the row.
 */
const distanceFromLatLon = sql<number>`sec_to_gc(cube_distance(${p.center}::cube, ll_to_earth(${listing.lat}, ${listing.lon})))`

/**
 * The near= filter: the circle's box, answered by the GiST index on `earth`, then the exact distance; or, for a
 * wide answer, the lat/lon rectangle and the exact distance, both tested on the sort index's entries. Its values
 * come from the place the caller looked up.
 */
export const nearFilter: Filter<BrowseQuery, NearPlan, Center | undefined> = {
  key: 'near',
  reads: ['radiusKm'],
  word: 'near',
  where: (_, { isWide }) =>
    isWide
      ? [
          // Written as distances from the centre, not as ranges: PostgreSQL then estimates them as it estimates the
          // distance test, whatever the values, so the statement's generic plan is the walk and it is planned once
          // (as ranges of unknown bounds it guessed a handful of rows, and planned every call afresh).
          sql`abs(${listing.lat} - ${p.boxLat}::float8) <= ${p.boxLatDelta}::float8`,
          sql`abs(${listing.lon} - ${p.boxLon}::float8) <= ${p.boxLonDelta}::float8`,
          sql`${distanceFromLatLon} <= ${p.radiusM}::float8`,
        ]
      : [
          sql`earth_box(${p.center}::earth, ${p.radiusM}::float8) @> ${listing.earth}`,
          sql`${distance} <= ${p.radiusM}::float8`,
        ],
  values: ({ radiusKm }, near) =>
    near ? { center: earthPoint(near), radiusM: radiusKm * 1000, ...latLonBox(near, radiusKm * 1000) } : {},
}

/**
 * For a page near a place, the listings it is cut from, found through an index walk that stops once the page is
 * full, as a subquery named like the table, so the page's columns, joins and order read it unchanged:
 * - nearest first: the GiST index hands out the circle's listings nearest first (`earth <-> centre`, a straight
 *   line through the sphere, so in the same order as the great-circle distance); `with ties` keeps every listing as
 *   far as the page's last, so the page's tie-break by id is exact.
 * - a wide answer in rent or creation order: that order's index (which carries lat/lon) is walked, testing each
 *   entry's distance without reading its row; only the page's listings are then read.
 * Undefined when the page reads the table with its filters (no near=, a small answer, best match first).
 * `where(plan)` is the page's conditions (filters and keyset) for a plan.
 */
export function nearSource(
  db: Database,
  query: BrowseQuery,
  page: { where: (plan: NearPlan) => SQL | undefined; order: SQL[]; limit: number | Placeholder },
  isWide: boolean,
): SQL | undefined {
  if (query.near === undefined) return undefined
  if (query.sort === 'distance')
    return sql`(select * from ${listing} where ${page.where({ isWide: false })}
      order by ${listing.earth} <-> ${p.center}::cube fetch first (${page.limit}) rows with ties) as ${listing}`
  if (!isWide || query.sort === 'match') return undefined
  const hits = db
    .select({ id: listing.id })
    .from(listing)
    .where(page.where({ isWide: true }))
    .orderBy(...page.order)
    .limit(page.limit)
  return sql`(select ${listing}.* from (${hits}) as hit join ${listing} on ${listing.id} = hit.id) as ${listing}`
}
