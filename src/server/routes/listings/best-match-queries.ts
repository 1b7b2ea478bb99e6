import { and, eq, sql } from 'drizzle-orm'
import type { BrowseQuery } from '#shared/listing.ts'
import type { Database } from '../../db/client.ts'
import { literalLimit, pageLimit, prepareRaw } from '../../db/prepare-raw.ts'
import { listing, user } from '../../db/schema/index.ts'
import { scoredProfiles } from '../living-profile/match-sql.ts'
import { matchKey, type PageRow } from './browse-queries.ts'
import { aliased, summaryFields } from '../../listings/listing-columns.ts'
import { listingFilters } from '../../listings/listing-filters.ts'
import { distanceKm } from '../../listings/near-plan.ts'

// Best match first, near the top of the order: the statement working out a viewer's prefix of it, and the page cut
// from that prefix (decision 027). Past the prefix, browse-queries.ts's scored page serves.

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
      .where(and(...listingFilters.where(query, { isWide: false })))
      .orderBy(sql`r.place`)
      .limit(pageLimit(query.limit)),
  )
}
