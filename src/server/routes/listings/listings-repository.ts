import { and, eq, sql } from 'drizzle-orm'
import type { BrowseQuery, BrowseSummary, NewListing } from '#shared/listing.ts'
import { placeLabel, type Place } from '#shared/place-values.ts'
import type { Database } from '../../db/client.ts'
import { listing } from '../../db/schema/index.ts'
import { createStatementCache } from '../../db/statement-cache.ts'
import { createBestMatchPages, type Viewer } from './best-match-pages.ts'
import { browseValues, pageShape, preparePage, type PageRow } from './browse-queries.ts'
import { createListingCounts } from './browse-counts.ts'
import type { Cursor } from './cursor.ts'
import {
  prepareListingStatements,
  type ListingDetailRow,
  type ListingWithOwner,
} from './listing-statements.ts'
import { viewerValues, type ListingViewer } from '../../listings/listing-visibility.ts'
import { isWideNear, type Center } from '../../listings/near-plan.ts'
import { isoText } from '../../listings/listing-columns.ts'

export type { ListingWithOwner, Viewer }

/** The sort value of a page's last row, exactly as the next page's keyset compares it. */
function cursorValue(query: BrowseQuery, last: PageRow): number | string {
  if (query.sort === 'newest') return last.createdAtExact!
  if (query.sort === 'distance') return last.distanceExact!
  if (query.sort === 'match') return last.matchKey!
  return last.rent
}

type Point = { lat: number; lon: number }

/** The gazetteer fields a listing copies from its place, at its pin if it has one; nulls without a place. */
function placeFields(place: Place | undefined, pin: Point | undefined) {
  return {
    placeId: place?.id ?? null,
    placeName: place ? placeLabel(place) : null,
    lat: place ? (pin ?? place).lat : null,
    lon: place ? (pin ?? place).lon : null,
  }
}

export function createListingsRepository(db: Database, options: { onError?: (error: unknown) => void } = {}) {
  const statements = prepareListingStatements(db)
  const pages = createStatementCache<ReturnType<typeof preparePage>>('listing_page')
  const counts = createListingCounts(db, async (ownerId) => {
    const [row] = await statements.ownerCount.execute({ ownerId })
    return row?.count ?? 0
  })
  const bestMatches = createBestMatchPages(db, options)
  // Counts and best-match prefixes read listings: this process's writes make them stale at once.
  const listingsChanged = () => {
    counts.clear()
    bestMatches.listingsChanged()
  }

  return {
    /**
     * One page in keyset order, the cursor of the page after it (null on the last), and the filtered total. With
     * a `viewer` (signed in, with a living profile) each listing carries its match with the poster. `near` is the
     * near= place's position (the caller has looked it up).
     */
    async browse(query: BrowseQuery, cursor: Cursor | null, near?: Center, viewer?: Viewer) {
      const withCursor = cursor !== null
      const isScored = viewer !== undefined
      const pageRows = async (isWide: boolean) =>
        (await bestMatches.rows(query, cursor, near, viewer)) ??
        (await pages(pageShape(query, withCursor, isScored, isWide), (name) =>
          preparePage(db, query, withCursor, name, isScored, isWide),
        )(browseValues(query, cursor, near, viewer)))
      // Near a place, in an order other than distance, the page's plan depends on how many listings the circle
      // holds (isWideNear): both counts are usually kept (decision 006), so asking them first costs nothing.
      const [rows, total] =
        near !== undefined && query.sort !== 'distance' && query.sort !== 'match'
          ? await counts
              .filtered(query, near)
              .then(async (total) => [await pageRows(isWideNear(total, await counts.all())), total] as const)
          : await Promise.all([pageRows(false), counts.filtered(query, near)])
      const page = rows.slice(0, query.limit)
      const last = page.at(-1)
      const next: Cursor | null =
        rows.length > query.limit && last ? { value: cursorValue(query, last), id: last._id } : null
      const listings: BrowseSummary[] =
        query.sort === 'newest' || query.sort === 'match' || query.sort === 'distance'
          ? page.map(({ createdAtExact: _exact, matchKey: _key, distanceExact: _distance, ...row }) => row)
          : page
      return { listings, next, total }
    },

    /**
     * Someone's living profile changed or went: their own best-match prefix is dropped, everyone else's is worked
     * out again on its next use.
     */
    profileChanged: (userId: string) => bestMatches.profileChanged(userId),

    /** A moderator hid or showed listings: counts and prefixes are taken again before they are used. */
    shownChanged() {
      counts.clear()
      bestMatches.shownChanged()
    },

    featured: () => statements.featured({}),

    /** A word of some listing's title or location close to `q`, for a search that found nothing; null if none. */
    async suggestion(q: string): Promise<string | null> {
      const [row] = await statements.suggestion({ q })
      return row && row.word.toLowerCase() !== q.toLowerCase() ? row.word : null
    },

    /**
     * One listing the viewer may read, with its phone number, its photos and both living profiles, in one round
     * trip: the caller decides whether the viewer may see the contacts. undefined: missing, or hidden from them.
     */
    async details(id: string, viewer: ListingViewer): Promise<ListingDetailRow | undefined> {
      const [row] = await statements.details({ id, ...viewerValues(viewer) })
      return row
    },

    owned: (ownerId: string) => statements.owned({ ownerId }),

    async ownerOf(id: string): Promise<string | undefined> {
      const [row] = await statements.ownerOf.execute({ id })
      return row?.ownerId
    },

    /** `place` is the gazetteer entry of `input.placeId`, `pin` the rounded pin (the caller has worked out both). */
    async create(ownerId: string, input: NewListing, place?: Place, pin?: Point): Promise<string> {
      const [row] = await statements.insert.execute({ ...input, ...placeFields(place, pin), ownerId })
      listingsChanged()
      return row!.id
    },

    /** Changes the listing only if `ownerId` owns it; false when nothing matched (missing or not theirs). */
    async update(
      id: string,
      ownerId: string,
      input: NewListing,
      place?: Place,
      pin?: Point,
    ): Promise<boolean> {
      const rows = await db
        .update(listing)
        // An edit is the owner saying the room is there: freshness starts over (docs/decisions/047).
        .set({ ...input, ...placeFields(place, pin), confirmedAt: sql`now()`, freshnessMailedAt: null })
        .where(and(eq(listing.id, id), eq(listing.ownerId, ownerId)))
        .returning({ id: listing.id })
      listingsChanged()
      return rows.length > 0
    },

    /**
     * "Still available": the owner confirms the room is there (an Available listing again, if the freshness job
     * had retired it), and freshness starts over. undefined when nothing matched (missing or not theirs).
     */
    async confirm(id: string, ownerId: string): Promise<string | undefined> {
      const [row] = await db
        .update(listing)
        .set({ confirmedAt: sql`now()`, freshnessMailedAt: null, availability: 'Available' })
        .where(and(eq(listing.id, id), eq(listing.ownerId, ownerId)))
        .returning({ confirmedAt: isoText(listing.confirmedAt) })
      listingsChanged()
      return row?.confirmedAt
    },

    /** Deletes the listing only if `ownerId` owns it; false when nothing matched. */
    async remove(id: string, ownerId: string): Promise<boolean> {
      const rows = await db
        .delete(listing)
        .where(and(eq(listing.id, id), eq(listing.ownerId, ownerId)))
        .returning({ id: listing.id })
      listingsChanged()
      return rows.length > 0
    },

    /** All listings (cached when large), or one person's (an index range, cached until this process writes). */
    count: (ownerId?: string): Promise<number> => (ownerId ? counts.own(ownerId) : counts.all()),
  }
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>
