import { and, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm'
import { PAGE_SIZE, YES_NO_FACTS, type BrowseQuery, type BrowseSummary } from '#shared/listing.ts'
import type { Database } from '../../db/client.ts'
import { literalLimit, prepareRaw } from '../../db/prepare-raw.ts'
import { listing, user } from '../../db/schema/index.ts'
import { scoredProfiles, viewerValues } from '../living-profile/match-sql.ts'
import type { ProfileCodes } from '../../db/profile-codes.ts'
import { NOT_AVAILABLE_OFFSET, type Cursor } from './cursor.ts'
import { aliased, createdAtExact, summaryFields } from './listing-columns.ts'

// Browse statements are prepared once per shape (which filters are present, the sort, a cursor or not) with
// placeholders for the values: building SQL through Drizzle on every request was a fifth of the server's CPU under
// load, and PostgreSQL reuses the plan of a named statement. The site's own page size is part of the shape (a
// literal LIMIT, decision 014); any other size is bound, so a client can't make a statement per size.

const p = {
  roomType: sql.placeholder('roomType'),
  minRent: sql.placeholder('minRent'),
  maxRent: sql.placeholder('maxRent'),
  pattern: sql.placeholder('pattern'),
  moveInBy: sql.placeholder('moveInBy'),
  minStay: sql.placeholder('minStay'),
  maxStay: sql.placeholder('maxStay'),
  center: sql.placeholder('center'),
  radiusM: sql.placeholder('radiusM'),
  boxLat: sql.placeholder('boxLat'),
  boxLatDelta: sql.placeholder('boxLatDelta'),
  boxLon: sql.placeholder('boxLon'),
  boxLonDelta: sql.placeholder('boxLonDelta'),
  cursorValue: sql.placeholder('cursorValue'),
  cursorId: sql.placeholder('cursorId'),
  limit: sql.placeholder('limit'),
}

/** Where browse measures from with near=: the chosen place's coordinates. */
export type Center = { lat: number; lon: number }

const EARTH_RADIUS_M = 6_378_168 // earthdistance's earth()

/** The place as earthdistance's ll_to_earth(lat, lon) gives it: a point in metres from the earth's centre. */
export function earthPoint({ lat, lon }: Center): string {
  const [phi, lambda] = [(lat * Math.PI) / 180, (lon * Math.PI) / 180]
  const r = EARTH_RADIUS_M
  return `(${r * Math.cos(phi) * Math.cos(lambda)}, ${r * Math.cos(phi) * Math.sin(lambda)}, ${r * Math.sin(phi)})`
}

// Great-circle metres from the near= place, as earthdistance's earth_distance computes them, over the listing's
// stored point (its `earth` column): the centre arrives as a cube, so no row computes ll_to_earth. The GiST index on
// `earth` answers the earth_box test; the exact distance then drops the box's corners.
const distance = sql<number>`sec_to_gc(cube_distance(${p.center}::cube, ${listing.earth}))`
const distanceKm = sql<number>`round((${distance} / 1000)::numeric, 1)::float8`
/**
 * The same distance from lat/lon, which the rent and creation-time indexes carry (migration 0005): `earth` is
 * ll_to_earth(lat, lon) stored, so both give the same number, and a walk of those indexes can test it without
 * reading the row.
 */
const distanceFromLatLon = sql<number>`sec_to_gc(cube_distance(${p.center}::cube, ll_to_earth(${listing.lat}, ${listing.lon})))`

/**
 * A near= place's answer is "wide" when it holds enough listings that walking the sort's index and testing each
 * entry's distance finds a page sooner than reading every listing in the circle and sorting them. Measured at 100k
 * listings (decision 027): the walk costs ~0.15 µs an index entry and reads about pageSize × all / inCircle of them
 * (more when the circle's rents sit at one end of the order), the circle 2.5–8 µs a listing. They meet between
 * 200 and 500 listings at 100k; √ keeps the rule as the table grows, and 2√ leaves the walk its margin.
 */
export const isWideNear = (inCircle: number, all: number) => inCircle >= 2 * Math.sqrt(all)

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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

/**
 * The filters' conditions. near= is either the circle's box, answered by the GiST index on `earth`, then the exact
 * distance; or, for a wide answer, the lat/lon rectangle and the exact distance, both tested on the sort index's
 * entries.
 */
function filters(query: BrowseQuery, isWide = false): SQL[] {
  const where: SQL[] = []
  if (query.roomType) where.push(eq(listing.roomType, p.roomType))
  if (query.minRent !== undefined) where.push(gte(listing.rent, p.minRent))
  if (query.maxRent !== undefined) where.push(lte(listing.rent, p.maxRent))
  if (query.q) where.push(or(ilike(listing.title, p.pattern), ilike(listing.location, p.pattern))!)
  if (query.available) where.push(eq(listing.availability, 'Available'))
  if (query.near !== undefined && isWide) {
    // Written as distances from the centre, not as ranges: PostgreSQL then estimates them as it estimates the
    // distance test, whatever the values, so the statement's generic plan is the walk and it is planned once
    // (as ranges of unknown bounds it guessed a handful of rows, and planned every call afresh).
    where.push(sql`abs(${listing.lat} - ${p.boxLat}::float8) <= ${p.boxLatDelta}::float8`)
    where.push(sql`abs(${listing.lon} - ${p.boxLon}::float8) <= ${p.boxLonDelta}::float8`)
    where.push(sql`${distanceFromLatLon} <= ${p.radiusM}::float8`)
  } else if (query.near !== undefined) {
    where.push(sql`earth_box(${p.center}::earth, ${p.radiusM}::float8) @> ${listing.earth}`)
    where.push(sql`${distance} <= ${p.radiusM}::float8`)
  }
  // A listing that doesn't say when it's free, or how long one must stay, isn't ruled out by those filters.
  if (query.moveInBy)
    where.push(sql`(${listing.availableFrom} is null or ${listing.availableFrom} <= ${p.moveInBy}::date)`)
  for (const fact of YES_NO_FACTS) if (query[fact]) where.push(sql`${listing[fact]} is true`)
  if (query.minStay !== undefined) where.push(gte(listing.minStayMonths, p.minStay))
  if (query.maxStay !== undefined) where.push(sql`coalesce(${listing.minStayMonths}, 1) <= ${p.maxStay}::int`)
  return where
}

/**
 * The values of a browse statement's placeholders: `near` is the near= place's position (the caller has looked it
 * up), `viewer` is there when the page is scored for someone.
 */
export function browseValues(
  query: BrowseQuery,
  cursor: Cursor | null,
  near?: Center,
  viewer?: { id: string; codes: ProfileCodes },
) {
  return {
    ...(viewer ? { viewerId: viewer.id, ...viewerValues(viewer.codes) } : {}),
    roomType: query.roomType,
    minRent: query.minRent,
    maxRent: query.maxRent,
    pattern: query.q ? `%${escapeLike(query.q)}%` : undefined,
    moveInBy: query.moveInBy,
    minStay: query.minStay,
    maxStay: query.maxStay,
    center: near ? earthPoint(near) : undefined,
    radiusM: query.radiusKm * 1000,
    ...(near ? latLonBox(near, query.radiusKm * 1000) : {}),
    cursorValue: cursor?.value,
    cursorId: cursor?.id,
    limit: query.limit + 1,
  }
}

/** The filters present, as words: `room+min+max+search`, or '' without any. */
function filterKey(query: BrowseQuery): string[] {
  return [
    query.roomType ? 'room' : '',
    query.minRent !== undefined ? 'min' : '',
    query.maxRent !== undefined ? 'max' : '',
    query.q ? 'search' : '',
    query.available ? 'available' : '',
    query.near !== undefined ? 'near' : '',
    query.moveInBy ? 'movein' : '',
    ...YES_NO_FACTS.map((fact) => (query[fact] ? fact : '')),
    query.minStay !== undefined ? 'minstay' : '',
    query.maxStay !== undefined ? 'maxstay' : '',
  ].filter(Boolean)
}

/**
 * A page statement's shape, e.g. `rent_asc`, `newest+room+cursor`, `rent_desc+search+limit` (a bound limit),
 * `match+scored` (scored for a viewer with a living profile).
 */
export const pageShape = (query: BrowseQuery, withCursor: boolean, scored = false, isWide = false) =>
  [
    query.sort,
    ...filterKey(query),
    ...(isWide ? ['wide'] : []),
    ...(withCursor ? ['cursor'] : []),
    ...(scored ? ['scored'] : []),
    ...(query.limit === PAGE_SIZE ? [] : ['limit']),
  ].join('+')

/** A count statement's shape: only the filters decide a count (`all` without any). */
export const countShape = (query: BrowseQuery) => filterKey(query).join('+') || 'all'

/**
 * Best match first; listings without a score (no profile, too few questions in common, your own) after every score;
 * rooms Not Available after every available one, in the same order among themselves (their keys are 1,000 lower).
 */
const matchKey = sql<number>`(coalesce(scored.match, -1) - case when ${listing.availability} = 'Available'
  then 0 else ${sql.raw(String(NOT_AVAILABLE_OFFSET))} end)`

function keyset(query: BrowseQuery, withCursor: boolean): { after: SQL | undefined; order: SQL[] } {
  const id = sql`${p.cursorId}::uuid`
  switch (query.sort) {
    case 'distance':
      return {
        after: withCursor ? sql`(${distance}, ${listing.id}) > (${p.cursorValue}::float8, ${id})` : undefined,
        order: [sql`${distance} asc`, sql`${listing.id} asc`],
      }
    case 'match':
      return {
        after: withCursor ? sql`(${matchKey}, ${listing.id}) < (${p.cursorValue}::int, ${id})` : undefined,
        order: [sql`${matchKey} desc`, sql`${listing.id} desc`],
      }
    case 'rent_desc':
      return {
        after: withCursor ? sql`(${listing.rent}, ${listing.id}) < (${p.cursorValue}, ${id})` : undefined,
        order: [sql`${listing.rent} desc`, sql`${listing.id} desc`],
      }
    case 'newest':
      return {
        after: withCursor
          ? sql`(${listing.createdAt}, ${listing.id}) < (${p.cursorValue}::timestamptz, ${id})`
          : undefined,
        order: [sql`${listing.createdAt} desc`, sql`${listing.id} desc`],
      }
    default:
      return {
        after: withCursor ? sql`(${listing.rent}, ${listing.id}) > (${p.cursorValue}, ${id})` : undefined,
        order: [sql`${listing.rent} asc`, sql`${listing.id} asc`],
      }
  }
}

/** One more row than the page, so a full page knows whether another follows. */
const pageLimit = (query: BrowseQuery) => (query.limit === PAGE_SIZE ? literalLimit(PAGE_SIZE + 1) : p.limit)

export type PageRow = BrowseSummary & { createdAtExact?: string; distanceExact?: number; matchKey?: number }

const scoreFields = aliased({
  match: sql`scored.match`,
  sharedInterests: sql`coalesce(scored.shared_interests, 0)`,
})

/**
 * A browse page of this shape, prepared under `name`; newest-first rows also carry the exact creation time and
 * nearest-first rows the exact distance, for the cursor; with near= every row has its distance. A scored page (a viewer with a living profile) carries each listing's match; anyone else's page has no join.
 */
export function preparePage(
  db: Database,
  query: BrowseQuery,
  withCursor: boolean,
  name: string,
  isScored = false,
  isWide = false,
) {
  const { after, order } = keyset(query, withCursor)
  const fields = {
    ...summaryFields,
    ...(query.near !== undefined ? aliased({ distanceKm }) : {}),
    ...(query.sort === 'newest' ? aliased({ createdAtExact }) : {}),
    ...(query.sort === 'distance' ? aliased({ distanceExact: distance }) : {}),
    ...(isScored ? scoreFields : {}),
    ...(query.sort === 'match' ? aliased({ matchKey }) : {}),
  }
  const source = nearSource(db, query, { after, order }, isWide)
  const joined = db
    .select(fields)
    .from(source ?? listing)
    .innerJoin(user, eq(listing.ownerId, user.id))
    .$dynamic()
  if (isScored)
    joined.leftJoin(
      sql`${scoredProfiles(query.sort === 'match')} as scored`,
      sql`scored.user_id = ${listing.ownerId}`,
    )
  return prepareRaw<PageRow>(
    db,
    name,
    joined
      .where(source ? undefined : and(...filters(query), after))
      .orderBy(...order)
      .limit(pageLimit(query)),
  )
}

/**
 * For a page near a place, the listings it is cut from, found through an index walk that stops once the page is
 * full (decision 027), as a subquery named like the table, so the page's columns, joins and order read it unchanged:
 * - nearest first: the GiST index hands out the circle's listings nearest first (`earth <-> centre`, a straight
 *   line through the sphere, so in the same order as the great-circle distance); `with ties` keeps every listing as
 *   far as the page's last, so the page's tie-break by id is exact.
 * - a wide answer in rent or creation order: that order's index (which carries lat/lon) is walked, testing each
 *   entry's distance without reading its row; only the page's listings are then read.
 * Undefined when the page reads the table with its filters (no near=, a small answer, best match first).
 */
function nearSource(
  db: Database,
  query: BrowseQuery,
  { after, order }: ReturnType<typeof keyset>,
  isWide: boolean,
): SQL | undefined {
  if (query.near === undefined) return undefined
  if (query.sort === 'distance')
    return sql`(select * from ${listing} where ${and(...filters(query), after)}
      order by ${listing.earth} <-> ${p.center}::cube fetch first (${pageLimit(query)}) rows with ties) as ${listing}`
  if (!isWide || query.sort === 'match') return undefined
  const hits = db
    .select({ id: listing.id })
    .from(listing)
    .where(and(...filters(query, true), after))
    .orderBy(...order)
    .limit(pageLimit(query))
  return sql`(select ${listing}.* from (${hits}) as hit join ${listing} on ${listing.id} = hit.id) as ${listing}`
}

/** The number of listings these filters match, prepared under `name`. */
export function prepareCount(db: Database, query: BrowseQuery, name: string) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(listing)
    .where(and(...filters(query)))
    .prepare(name)
}

/**
 * A viewer's best-match prefix (./best-match-prefixes.ts): the first `rows` listings of the sort=match order, with
 * every profile scored once (`offset 0` keeps PostgreSQL from scoring each listing instead) and each listing joined
 * to its poster's score by a hash of the scores.
 */
export function prepareBestMatchPrefix(db: Database, rows: number) {
  return prepareRaw<{ id: string; match: number | null; key: number; shared: number }>(
    db,
    'listing_best_match_prefix',
    db
      .select({
        id: listing.id,
        match: sql`scored.match`.as('match'),
        key: sql`${matchKey}`.as('key'),
        shared: sql`coalesce(scored.shared_interests, 0)`.as('shared'),
      })
      .from(listing)
      .leftJoin(sql`${scoredProfiles(true)} as scored`, sql`scored.user_id = ${listing.ownerId}`)
      .orderBy(sql`${matchKey} desc`, sql`${listing.id} desc`)
      .limit(literalLimit(rows)),
  )
}

/**
 * A best-match page cut from the viewer's prefix: the prefix's entries after the cursor come bound as arrays, in
 * order, and each is read by its id; the filters then keep what they keep. The caller falls back to preparePage's
 * statement when this one can't fill the page (decision 027).
 */
export function preparePrefixPage(db: Database, query: BrowseQuery, name: string) {
  return prepareRaw<PageRow>(
    db,
    name,
    db
      .select({
        ...summaryFields,
        ...(query.near !== undefined ? aliased({ distanceKm }) : {}),
        ...aliased({
          match: sql`r.match`,
          sharedInterests: sql`r.shared`,
          // The key the prefix was ordered by, so its order and its cursor agree even if a room changed since.
          matchKey: sql`r.key`,
        }),
      })
      .from(
        sql`unnest(${sql.placeholder('prefixIds')}::uuid[], ${sql.placeholder('prefixMatches')}::int[],
          ${sql.placeholder('prefixKeys')}::int[], ${sql.placeholder('prefixShared')}::int[])
          with ordinality as r(id, match, key, shared, place)`,
      )
      .innerJoin(listing, sql`${listing.id} = r.id`)
      .innerJoin(user, eq(listing.ownerId, user.id))
      .where(and(...filters(query)))
      .orderBy(sql`r.place`)
      .limit(pageLimit(query)),
  )
}
