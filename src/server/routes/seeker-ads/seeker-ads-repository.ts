import { and, eq, sql } from 'drizzle-orm'
import {
  SeekerAdQuerySchema,
  type NewSeekerAd,
  type SeekerAdQuery,
  type SeekerArea,
} from '#shared/seeker-ad.ts'
import { placeLabel, type Place } from '#shared/place.ts'
import { PAGE_SIZE } from '#shared/listing-values.ts'
import type { Database } from '../../db/client.ts'
import { NO_ANSWERS, type ProfileCodes } from '../../db/profile-codes.ts'
import { createCountCache } from '../../db/count-cache.ts'
import { createStatementCache } from '../../db/statement-cache.ts'
import { listing, livingProfile, seekerAd, seekerAdArea, user } from '../../db/schema/index.ts'
import { viewerValues } from '../living-profile/match-sql.ts'
import { codeColumns } from '../living-profile/living-profile-repository.ts'
import { earthPoint, isWideNear, type Center } from '../../listings/near-plan.ts'
import { hiddenStateOf } from '../../moderation/hidden-state.ts'
import type { SeekerAdCursor } from './seeker-ad-cursor.ts'
import { seekerAdFilters } from './seeker-ad-filters.ts'
import { AD_PREFIX_ROWS, codesKey, createAdPrefixes, pageFromPrefix, toPrefix } from './seeker-ad-prefixes.ts'
import {
  adFields,
  fitConditions,
  prepareAdCount,
  prepareAdPage,
  prepareAdsById,
  prepareFitCount,
  prepareFitPage,
  prepareMatchPrefix,
  type PageRow,
} from './seeker-ad-statements.ts'

export type Viewer = { id: string; codes?: ProfileCodes }

/** No profile: every score is null (no question in common), so one statement shape serves the fit page. */
const NO_CODES = viewerValues(NO_ANSWERS)

/** A page's rows cut to the page, with the next page's cursor when another follows. */
function cut(rows: PageRow[], limit: number, order: 'newest' | 'budget_desc' | 'match', isScored: boolean) {
  const page = rows.slice(0, limit)
  const last = page.at(-1)
  const next: SeekerAdCursor | null =
    rows.length > limit && last
      ? order === 'newest'
        ? [last.createdExact, last._id]
        : order === 'budget_desc'
          ? [last.budget, last._id]
          : [last.matchKey!, last.createdExact, last._id]
      : null
  const ads = page.map(({ createdExact: _created, matchKey: _key, match, ...ad }) =>
    isScored ? { ...ad, match: match ?? null } : ad,
  )
  return { ads, next }
}

const cursorValues = (cursor: SeekerAdCursor | null) =>
  cursor ? Object.fromEntries(cursor.map((value, index) => [`c${index}`, value])) : {}

/** What the fit rules read of a listing (`listingForFit`), with its place known. */
export type FitTarget = {
  lat: number
  lon: number
  rent: number
  roomType: string
  availableFrom: string | null
}

type SeekerAdsOptions = {
  /** How many ads each best-match prefix keeps (decision 063); 0 keeps none, so every page runs the full statement. */
  prefixRows?: number
  /** Where a failed background refresh of a prefix is reported. */
  onError?: (error: unknown) => void
}

export function createSeekerAdsRepository(db: Database, options: SeekerAdsOptions = {}) {
  const { prefixRows = AD_PREFIX_ROWS } = options
  const pages = createStatementCache<ReturnType<typeof prepareAdPage>>('seeker_ad_page')
  const counts = createStatementCache<ReturnType<typeof prepareAdCount>>('seeker_ad_count')
  const fitPages = createStatementCache<ReturnType<typeof prepareFitPage>>('seeker_ad_fit')
  const fitCount = prepareFitCount(db, 'seeker_ad_fit_count')
  const byIds = createStatementCache<ReturnType<typeof prepareAdsById>>('seeker_ad_by_ids')
  // Totals as browse keeps its counts (decision 006): a large one is kept for 10 seconds, and a filtered one too
  // once the whole list is large (a filter near a busy place counts thousands of ads).
  const allCount = createCountCache()
  const countOf = (query: SeekerAdQuery, near: Center | undefined) =>
    counts(seekerAdFilters.words(query).join('+') || 'all', (name) => prepareAdCount(db, query, name))
      .execute(seekerAdFilters.values(query, near))
      .then(([row]) => row?.count ?? 0)
  const ALL_ADS = SeekerAdQuerySchema.parse({})
  const totalOfAll = () => allCount.get('all', () => countOf(ALL_ADS, undefined))

  const fitTarget = db
    .select({
      ownerId: listing.ownerId,
      lat: listing.lat,
      lon: listing.lon,
      rent: listing.rent,
      roomType: listing.roomType,
      availableFrom: sql<string | null>`${listing.availableFrom}::text`,
      ...codeColumns,
    })
    .from(listing)
    .leftJoin(livingProfile, eq(livingProfile.userId, listing.ownerId))
    .where(eq(listing.id, sql.placeholder('id')))
    .prepare('seeker_ad_fit_target')

  const matchPrefix = prepareMatchPrefix(db, [], 'seeker_ad_match_prefix')
  const fitPrefix = prepareMatchPrefix(db, fitConditions, 'seeker_ad_fit_prefix', { isCounted: true })
  const fitValues = (viewer: Viewer, target: FitTarget) => ({
    viewerId: viewer.id,
    ...(viewer.codes ? viewerValues(viewer.codes) : NO_CODES),
    center: earthPoint(target),
    rent: target.rent,
    roomType: target.roomType,
    availableFrom: target.availableFrom,
  })
  const prefixes = createAdPrefixes(
    async (viewerId, codes: ProfileCodes) =>
      toPrefix(
        await matchPrefix.execute({
          viewerId,
          ...viewerValues(codes),
          limit: prefixRows,
        }),
        prefixRows,
      ),
    async (_listingId, { viewer, target }: { viewer: Viewer; target: FitTarget }) => {
      const rows = await fitPrefix.execute({ ...fitValues(viewer, target), limit: prefixRows })
      return toPrefix(rows, prefixRows, rows[0]?.total ?? 0)
    },
    { onError: options.onError },
  )

  /** Sort=match for a viewer with a profile, near the top of the order: a page cut from their prefix. */
  async function matchRowsFromPrefix(
    query: SeekerAdQuery,
    cursor: SeekerAdCursor | null,
    near: Center | undefined,
    viewer: Viewer | undefined,
  ) {
    if (prefixRows === 0 || query.sort !== 'match' || !viewer?.codes) return undefined
    const prefix = await prefixes.viewers.get(viewer.id, viewer.codes, codesKey(viewer.codes))
    const words = seekerAdFilters.words(query)
    const read = byIds(words.join('+') || 'all', (name) =>
      // Ads named by id: each is asked whether an area holds the place.
      prepareAdsById(db, seekerAdFilters.where(query, { isWide: true }), name),
    )
    return pageFromPrefix(
      prefix,
      cursor,
      query.limit,
      words.length > 0,
      async (ids) => (await read.execute({ ...seekerAdFilters.values(query, near), ids })) as PageRow[],
    )
  }

  const selectAd = () => db.select(adFields).from(seekerAd).innerJoin(user, eq(seekerAd.ownerId, user.id))

  return {
    /** A page of active ads; `viewer` with codes scores each ad. */
    async browse(
      query: SeekerAdQuery,
      cursor: SeekerAdCursor | null,
      near: Center | undefined,
      viewer?: Viewer,
    ) {
      const isScored = viewer?.codes !== undefined
      const shape = [
        query.sort,
        ...seekerAdFilters.words(query),
        ...(cursor ? ['cursor'] : []),
        ...(isScored ? ['scored'] : []),
        // The usual page's limit is part of its statement (pageLimit); any other is bound.
        ...(query.limit === PAGE_SIZE ? [] : ['limit']),
      ].join('+')
      const filterValues = seekerAdFilters.values(query, near)
      const words = seekerAdFilters.words(query)
      const pageRows = async (isWide: boolean) =>
        (await matchRowsFromPrefix(query, cursor, near, viewer)) ??
        (await pages(isWide ? `${shape}+wide` : shape, (name) =>
          prepareAdPage(db, query, cursor !== null, isScored, { isWide }, name),
        ).execute({
          ...filterValues,
          ...cursorValues(cursor),
          ...(isScored ? { viewerId: viewer!.id, ...viewerValues(viewer!.codes!) } : {}),
          limit: query.limit + 1,
        }))
      /** The filters' total, and the whole list's. */
      const totals = async () => {
        const all = await totalOfAll()
        if (words.length === 0) return { total: all, all }
        return { total: await allCount.get(seekerAdFilters.key(query), () => countOf(query, near), all), all }
      }
      // Near a place, in an order the prefixes don't serve, the page's plan depends on how many ads hold the place
      // (browse's rule, isWideNear): both totals are usually kept, so asking them first costs nothing.
      const [rows, total] =
        near !== undefined && query.sort !== 'match'
          ? await totals().then(
              async ({ total, all }) => [await pageRows(isWideNear(total, all)), total] as const,
            )
          : await Promise.all([pageRows(false), totals().then(({ total }) => total)])
      return { ...cut(rows as PageRow[], query.limit, query.sort, isScored), total }
    },

    /** The ad, whatever its status (the caller decides who may see a paused one). */
    async byId(id: string) {
      const [row] = await db
        .select(adFields)
        .from(seekerAd)
        .innerJoin(user, eq(seekerAd.ownerId, user.id))
        .where(eq(seekerAd.id, id))
      return row
    },

    async byOwner(ownerId: string) {
      const [row] = await selectAd().where(eq(seekerAd.ownerId, ownerId))
      return row
    },

    /** The writer's own ad with its hidden state, which only they are told (decision 084). */
    async ownView(ownerId: string) {
      const [row] = await db
        .select({ ...adFields, hidden: hiddenStateOf('seeker_ad', seekerAd.hiddenReason, seekerAd.id) })
        .from(seekerAd)
        .innerJoin(user, eq(seekerAd.ownerId, user.id))
        .where(eq(seekerAd.ownerId, ownerId))
      return row
    },

    /** Creates or replaces the person's ad and its areas in one transaction; answers whether it was created. */
    async put(ownerId: string, ad: NewSeekerAd, places: Place[]): Promise<boolean> {
      const areas: SeekerArea[] = ad.areas.map((area, index) => ({
        placeId: area.placeId,
        name: placeLabel(places[index]!),
        radiusKm: area.radiusKm,
      }))
      const { areas: _areas, ...fields } = ad
      const values = { ...fields, areas, updatedAt: sql`now()`, confirmedAt: sql`now()` }
      const isCreated = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(seekerAd)
          .values({ ownerId, ...values })
          .onConflictDoUpdate({ target: seekerAd.ownerId, set: values })
          .returning({ id: seekerAd.id, isCreated: sql<boolean>`xmax = 0` })
        await tx.delete(seekerAdArea).where(eq(seekerAdArea.adId, row!.id))
        await tx.insert(seekerAdArea).values(
          ad.areas.map((area, position) => ({
            adId: row!.id,
            position,
            placeId: area.placeId,
            lat: places[position]!.lat,
            lon: places[position]!.lon,
            radiusKm: area.radiusKm,
          })),
        )
        return row!.isCreated
      })
      prefixes.adsChanged()
      allCount.clear()
      return isCreated
    },

    async remove(ownerId: string): Promise<boolean> {
      const rows = await db
        .delete(seekerAd)
        .where(eq(seekerAd.ownerId, ownerId))
        .returning({ id: seekerAd.id })
      prefixes.adsChanged()
      allCount.clear()
      return rows.length > 0
    },

    /**
     * What the fit rules read of a listing (its owner, place, rent, room type and move-in date) and its poster's
     * answers (their masks; undefined without a living profile), in one round trip: a page of its fitting seekers
     * needs both.
     */
    async listingForFit(id: string) {
      const [row] = await fitTarget.execute({ id })
      if (!row) return undefined
      const { ownerId, lat, lon, rent, roomType, availableFrom, ...codes } = row
      const ownerCodes = codes.answerBits === null ? undefined : (codes as ProfileCodes)
      return { ownerId, lat, lon, rent, roomType, availableFrom, ownerCodes }
    },

    /**
     * A page of the listing's fitting seekers for its owner, best match first, then newest; near the top, cut from
     * the listing's prefix of that order (the key names the poster's answers and the listing's fit values, so an
     * edited listing or profile is never answered from an older prefix).
     */
    async fitting(
      listingId: string,
      target: FitTarget,
      limit: number,
      cursor: SeekerAdCursor | null,
      viewer: Viewer,
    ) {
      const values = fitValues(viewer, target)
      const fromPrefix = async () => {
        if (prefixRows === 0) return undefined
        const key = `${codesKey(viewer.codes)}|${JSON.stringify(target)}`
        const prefix = await prefixes.listings.get(listingId, { viewer, target }, key)
        const read = byIds('fit', (name) => prepareAdsById(db, fitConditions, name))
        const rows = await pageFromPrefix(
          prefix,
          cursor,
          limit,
          false,
          async (ids) => (await read.execute({ ...values, ids })) as PageRow[],
        )
        return rows ? { rows, total: prefix.total! } : undefined
      }
      const page = fitPages(`${cursor ? 'cursor' : 'first'}${limit === PAGE_SIZE ? '' : '+limit'}`, (name) =>
        prepareFitPage(db, cursor !== null, limit, name),
      )
      const kept = await fromPrefix()
      if (kept) return { ...cut(kept.rows, limit, 'match', true), total: kept.total }
      const [rows, [count]] = await Promise.all([
        page.execute({ ...values, ...cursorValues(cursor), limit: limit + 1 }),
        fitCount.execute(values),
      ])
      const total = count?.count ?? 0
      return { ...cut(rows as PageRow[], limit, 'match', true), total }
    },

    /**
     * Someone's living profile changed or went: their own prefix is dropped, every other is worked out again on
     * its next use.
     */
    profileChanged: (userId: string) => prefixes.profileChanged(userId),

    /** A moderator hid or showed ads: totals and prefixes are taken again before they are used. */
    shownChanged() {
      prefixes.shownChanged()
      allCount.clear()
    },

    /** Whether the person has an ad (for tests of account deletion and the like). */
    async exists(ownerId: string) {
      const rows = await db
        .select({ id: seekerAd.id })
        .from(seekerAd)
        .where(and(eq(seekerAd.ownerId, ownerId)))
      return rows.length > 0
    },
  }
}

export type SeekerAdsRepository = ReturnType<typeof createSeekerAdsRepository>
