import { and, eq, gte, ilike, lte, or, sql, type SQL } from 'drizzle-orm'
import { PAGE_SIZE, YES_NO_FACTS, type BrowseQuery, type BrowseSummary } from '#shared/listing.ts'
import type { Database } from '../../db/client.ts'
import { literalLimit, prepareRaw } from '../../db/prepare-raw.ts'
import { listing, user } from '../../db/schema/index.ts'
import { scoredProfiles, viewerValues } from '../living-profile/match-sql.ts'
import type { ProfileCodes } from '../../db/profile-codes.ts'
import type { Cursor } from './cursor.ts'
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

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

function filters(query: BrowseQuery): SQL[] {
  const where: SQL[] = []
  if (query.roomType) where.push(eq(listing.roomType, p.roomType))
  if (query.minRent !== undefined) where.push(gte(listing.rent, p.minRent))
  if (query.maxRent !== undefined) where.push(lte(listing.rent, p.maxRent))
  if (query.q) where.push(or(ilike(listing.title, p.pattern), ilike(listing.location, p.pattern))!)
  if (query.available) where.push(eq(listing.availability, 'Available'))
  if (query.near !== undefined) {
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
export const pageShape = (query: BrowseQuery, withCursor: boolean, scored = false) =>
  [
    query.sort,
    ...filterKey(query),
    ...(withCursor ? ['cursor'] : []),
    ...(scored ? ['scored'] : []),
    ...(query.limit === PAGE_SIZE ? [] : ['limit']),
  ].join('+')

/** A count statement's shape: only the filters decide a count (`all` without any). */
export const countShape = (query: BrowseQuery) => filterKey(query).join('+') || 'all'

/** Best match first; listings without a score (no profile, too few questions in common, your own) last. */
const matchKey = sql<number>`coalesce(scored.match, -1)`

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
  const joined = db.select(fields).from(listing).innerJoin(user, eq(listing.ownerId, user.id)).$dynamic()
  if (isScored)
    joined.leftJoin(
      sql`${scoredProfiles(query.sort === 'match')} as scored`,
      sql`scored.user_id = ${listing.ownerId}`,
    )
  return prepareRaw<PageRow>(
    db,
    name,
    joined
      .where(and(...filters(query), after))
      .orderBy(...order)
      .limit(pageLimit(query)),
  )
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
 * A best-match page from the viewer's ranking (the posters with the highest scores, bound as arrays): the listings
 * of those posters only, found through the owner index instead of scoring and sorting every listing. The caller
 * falls back to preparePage's statement when this one can't fill the page (docs/decisions/024).
 */
export function prepareTopPage(db: Database, query: BrowseQuery, withCursor: boolean, name: string) {
  const key = sql`r.match`
  const after = withCursor
    ? sql`(${key}, ${listing.id}) < (${p.cursorValue}::int, ${p.cursorId}::uuid)`
    : undefined
  return prepareRaw<PageRow>(
    db,
    name,
    db
      .select({
        ...summaryFields,
        ...(query.near !== undefined ? aliased({ distanceKm }) : {}),
        ...aliased({ match: key, sharedInterests: sql`r.shared`, matchKey: key }),
      })
      .from(
        sql`unnest(${sql.placeholder('rankedIds')}::text[], ${sql.placeholder('rankedMatches')}::int[],
          ${sql.placeholder('rankedShared')}::int[]) as r(user_id, match, shared)`,
      )
      .innerJoin(listing, sql`${listing.ownerId} = r.user_id`)
      .innerJoin(user, eq(listing.ownerId, user.id))
      .where(and(...filters(query), after))
      .orderBy(sql`${key} desc`, sql`${listing.id} desc`)
      .limit(pageLimit(query)),
  )
}
