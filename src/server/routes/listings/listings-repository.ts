import { and, eq } from 'drizzle-orm'
import { PAGE_SIZE, type BrowseQuery, type BrowseSummary, type NewListing } from '#shared/listing.ts'
import { placeLabel, RADIUS_KM, type Place } from '#shared/place-values.ts'
import type { Database } from '../../db/client.ts'
import { createCountCache } from '../../db/count-cache.ts'
import { listing } from '../../db/schema/index.ts'
import { createStatementCache } from '../../db/statement-cache.ts'
import {
  browseValues,
  countShape,
  isWideNear,
  pageShape,
  prepareCount,
  preparePage,
  prepareBestMatchPrefix,
  preparePrefixPage,
  type Center,
  type PageRow,
} from './browse-queries.ts'
import type { ProfileCodes } from '../../db/profile-codes.ts'
import { CODE_KEYS, viewerValues } from '../living-profile/match-sql.ts'
import { createBestMatchPrefixes, startAfter } from './best-match-prefixes.ts'
import type { Cursor } from './cursor.ts'
import { prepareListingStatements, type ListingWithOwner } from './listing-statements.ts'

export type { ListingWithOwner }

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

/** A signed-in caller with a living profile. */
export type Viewer = { id: string; codes: ProfileCodes }

/** How many listings of each viewer's best-match order are kept (decision 027): the first dozen pages. */
const BEST_MATCH_PREFIX = 300

const ALL: BrowseQuery = { sort: 'rent_asc', limit: PAGE_SIZE, radiusKm: RADIUS_KM.default }

export function createListingsRepository(db: Database, options: { onError?: (error: unknown) => void } = {}) {
  const statements = prepareListingStatements(db)
  const pages = createStatementCache<ReturnType<typeof preparePage>>('listing_page')
  const filteredCounts = createStatementCache<ReturnType<typeof prepareCount>>('listing_count')

  // Counts over a large table are kept for a few seconds (decision 006). A person's own count is small but asked
  // for on every dashboard view; this process's writes clear both.
  const counts = createCountCache()
  const ownCounts = createCountCache({ exactBelow: 0, maxEntries: 10_000 })
  const clearCounts = () => {
    counts.clear()
    ownCounts.clear()
    bestMatches.expireAll()
  }

  // Best match first: pages near the top are cut from the viewer's prefix of that order (decision 027).
  const prefixStatement = prepareBestMatchPrefix(db, BEST_MATCH_PREFIX)
  const bestMatches = createBestMatchPrefixes(
    async (viewerId, codes: ProfileCodes) => {
      const rows = await prefixStatement({ viewerId, ...viewerValues(codes) })
      return {
        ids: rows.map((row) => row.id),
        matches: rows.map((row) => row.match),
        keys: rows.map((row) => row.key),
        shared: rows.map((row) => row.shared),
        isWhole: rows.length < BEST_MATCH_PREFIX,
      }
    },
    { onRefreshError: options.onError },
  )
  const prefixPages = createStatementCache<ReturnType<typeof preparePrefixPage>>('listing_match_prefix')

  /** A best-match page from the viewer's prefix, or undefined when the prefix can't fill it. */
  async function prefixRows(
    query: BrowseQuery,
    cursor: Cursor | null,
    near: Center | undefined,
    viewer?: Viewer,
  ) {
    if (query.sort !== 'match' || !viewer) return undefined
    const codesKey = CODE_KEYS.map((key) => viewer.codes[key]).join(' ')
    const prefix = await bestMatches.get(viewer.id, viewer.codes, codesKey)
    const from = startAfter(prefix, cursor)
    if (from === prefix.ids.length && !prefix.isWhole) return undefined
    // Without filters, the page is the next limit + 1 entries: only those are bound.
    const to = countShape(query) === 'all' ? from + query.limit + 1 : prefix.ids.length
    const statement = prefixPages(pageShape(query, false, true), (name) => preparePrefixPage(db, query, name))
    const rows = await statement({
      ...browseValues(query, null, near, viewer),
      prefixIds: prefix.ids.slice(from, to),
      prefixMatches: prefix.matches.slice(from, to),
      prefixKeys: prefix.keys.slice(from, to),
      prefixShared: prefix.shared.slice(from, to),
    })
    return rows.length > query.limit || prefix.isWhole ? rows : undefined
  }

  const countOnce = async (query: BrowseQuery, near?: Center) => {
    const statement = filteredCounts(countShape(query), (name) => prepareCount(db, query, name))
    const [row] = await statement.execute(browseValues(query, null, near))
    return row?.count ?? 0
  }
  const countAll = () => counts.get(countShape(ALL), () => countOnce(ALL))
  /** Cached by the size of the whole table, not of the answer (see count-cache.ts). */
  const countFiltered = async (query: BrowseQuery, near?: Center) => {
    const { sort: _sort, limit: _limit, cursor: _cursor, ...filterValues } = query
    const key = JSON.stringify(filterValues)
    if (countShape(query) === countShape(ALL)) return countAll()
    return counts.get(key, () => countOnce(query, near), await countAll())
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
        (await prefixRows(query, cursor, near, viewer)) ??
        (await pages(pageShape(query, withCursor, isScored, isWide), (name) =>
          preparePage(db, query, withCursor, name, isScored, isWide),
        )(browseValues(query, cursor, near, viewer)))
      // Near a place, in an order other than distance, the page's plan depends on how many listings the circle
      // holds (isWideNear): both counts are usually kept (decision 006), so asking them first costs nothing.
      const [rows, total] =
        near !== undefined && query.sort !== 'distance' && query.sort !== 'match'
          ? await countFiltered(query, near).then(
              async (total) => [await pageRows(isWideNear(total, await countAll())), total] as const,
            )
          : await Promise.all([pageRows(false), countFiltered(query, near)])
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
    profileChanged(userId: string) {
      bestMatches.forget(userId)
      bestMatches.expireAll()
    },

    featured: () => statements.featured({}),

    /** A word of some listing's title or location close to `q`, for a search that found nothing; null if none. */
    async suggestion(q: string): Promise<string | null> {
      const [row] = await statements.suggestion({ q })
      return row && row.word.toLowerCase() !== q.toLowerCase() ? row.word : null
    },

    /** One listing with its phone number: the caller decides whether the viewer may see it. */
    async find(id: string, viewerId: string): Promise<ListingWithOwner | undefined> {
      const [row] = await statements.find({ id, viewerId })
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
      clearCounts()
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
        .set({ ...input, ...placeFields(place, pin) })
        .where(and(eq(listing.id, id), eq(listing.ownerId, ownerId)))
        .returning({ id: listing.id })
      clearCounts()
      return rows.length > 0
    },

    /** Deletes the listing only if `ownerId` owns it; false when nothing matched. */
    async remove(id: string, ownerId: string): Promise<boolean> {
      const rows = await db
        .delete(listing)
        .where(and(eq(listing.id, id), eq(listing.ownerId, ownerId)))
        .returning({ id: listing.id })
      clearCounts()
      return rows.length > 0
    },

    /** All listings (cached when large), or one person's (an index range, cached until this process writes). */
    async count(ownerId?: string): Promise<number> {
      if (!ownerId) return countAll()
      return ownCounts.get(ownerId, async () => {
        const [row] = await statements.ownerCount.execute({ ownerId })
        return row?.count ?? 0
      })
    },
  }
}

export type ListingsRepository = ReturnType<typeof createListingsRepository>
