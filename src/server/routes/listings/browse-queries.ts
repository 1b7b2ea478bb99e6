import { and, eq, sql, type SQL } from 'drizzle-orm'
import { PAGE_SIZE, type BrowseQuery, type BrowseSummary } from '#shared/listing.ts'
import type { Database } from '../../db/client.ts'
import { pageLimit, prepareRaw } from '../../db/prepare-raw.ts'
import { listing, user } from '../../db/schema/index.ts'
import { scoredProfiles, viewerValues } from '../living-profile/match-sql.ts'
import type { ProfileCodes } from '../../db/profile-codes.ts'
import { NOT_AVAILABLE_OFFSET, type Cursor } from './cursor.ts'
import { aliased, createdAtExact, summaryFields } from '../../listings/listing-columns.ts'
import { listingFilters } from '../../listings/listing-filters.ts'
import { distance, distanceKm, nearSource, type Center } from '../../listings/near-plan.ts'

// Browse's page and count statements. They are prepared once per shape (which filters are present, the sort, a
// cursor or not) with placeholders for the values: building SQL through Drizzle on every request was a fifth of the
// server's CPU under load, and PostgreSQL reuses the plan of a named statement. The site's own page size is part of
// the shape (a literal LIMIT, decision 014); any other size is bound, so a client can't make a statement per size.
// What each filter keeps is in ./listing-filters.ts; near= (its geometry and plans) in ./near-plan.ts; best match's
// statements in ./best-match-queries.ts.

const p = {
  cursorValue: sql.placeholder('cursorValue'),
  cursorId: sql.placeholder('cursorId'),
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
    ...listingFilters.values(query, near),
    cursorValue: cursor?.value,
    cursorId: cursor?.id,
    limit: query.limit + 1,
  }
}

/**
 * A page statement's shape, e.g. `rent_asc`, `newest+room+cursor`, `rent_desc+search+limit` (a bound limit),
 * `match+scored` (scored for a viewer with a living profile).
 */
export const pageShape = (query: BrowseQuery, withCursor: boolean, scored = false, isWide = false) =>
  [
    query.sort,
    ...listingFilters.words(query),
    ...(isWide ? ['wide'] : []),
    ...(withCursor ? ['cursor'] : []),
    ...(scored ? ['scored'] : []),
    ...(query.limit === PAGE_SIZE ? [] : ['limit']),
  ].join('+')

/** A count statement's shape: only the filters decide a count (`all` without any). */
export const countShape = (query: BrowseQuery) => listingFilters.words(query).join('+') || 'all'

/**
 * Best match first; listings without a score (no profile, too few questions in common, your own) after every score;
 * rooms Not Available after every available one, in the same order among themselves (their keys are 1,000 lower).
 */
export const matchKey = sql<number>`(coalesce(scored.match, -1) - case when ${listing.availability} = 'Available'
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
  return prepareRaw<PageRow>(db, name, pageQuery(db, query, withCursor, isScored, isWide))
}

/** The statement `preparePage` prepares (its plans are tested in browse-near-plans.test.ts). */
export function pageQuery(
  db: Database,
  query: BrowseQuery,
  withCursor: boolean,
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
  const limit = pageLimit(query.limit)
  const source = nearSource(
    db,
    query,
    { where: (plan) => and(...listingFilters.where(query, plan), after), order, limit },
    isWide,
  )
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
  return joined
    .where(source ? undefined : and(...listingFilters.where(query, { isWide: false }), after))
    .orderBy(...order)
    .limit(limit)
}

/** The number of listings these filters match, prepared under `name`. */
export function prepareCount(db: Database, query: BrowseQuery, name: string) {
  return db
    .select({ count: sql<number>`count(*)::int` })
    .from(listing)
    .where(and(...listingFilters.where(query, { isWide: false })))
    .prepare(name)
}
