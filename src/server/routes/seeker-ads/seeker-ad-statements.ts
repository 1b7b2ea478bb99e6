import { and, eq, isNull, sql, type Query, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { SeekerAdQuery, SeekerAdSummary } from '#shared/seeker-ad.ts'
import type { Database } from '../../db/client.ts'
import { livingProfile, seekerAd, user } from '../../db/schema/index.ts'
import { factSelection } from '../../db/fact-sql.ts'
import { SEEKER_AD_FACTS, type SeekerAdFactName } from '#shared/seeker-ad.ts'
import type { FactValues } from '#shared/fact-table.ts'
import { pageLimit, prepareRaw } from '../../db/prepare-raw.ts'
import { aliased, isoText } from '../../listings/listing-columns.ts'
import { posterTrust } from '../../references/poster-trust.ts'
import {
  CODE_KEYS,
  matchScore,
  scoredProfiles,
  viewerPlaceholders,
  type Codes,
} from '../living-profile/match-sql.ts'
import { areaHolds, seekerAdFilters, type AdPlan } from './seeker-ad-filters.ts'

// The statements of Rooms wanted's pages and of a listing's fitting seekers, prepared once per shape (which
// filters are set, the order, a cursor or not, scored or not) with placeholders for every value.

const p = {
  c0: sql.placeholder('c0'),
  c1: sql.placeholder('c1'),
  c2: sql.placeholder('c2'),
  limit: sql.placeholder('limit'),
  viewerId: sql.placeholder('viewerId'),
}

const createdExact = sql<string>`to_char(${seekerAd.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
const seekerCodes = Object.fromEntries(CODE_KEYS.map((key) => [key, sql`${livingProfile[key]}`])) as Codes
/** The viewer's match with the ad's writer; null on one's own ad, or without enough in common. */
const match = sql<number | null>`case when ${seekerAd.ownerId} = ${p.viewerId} then null
  else ${matchScore(viewerPlaceholders(), seekerCodes)} end`
const matchKey = sql<number>`coalesce(${match}, -1)`

/** A card's fields: nothing finer than a town (the areas' labels), no e-mail, no phone. */
export const summaryFields = {
  _id: seekerAd.id,
  headline: seekerAd.headline,
  budget: seekerAd.budget,
  moveInFrom: sql<string | null>`${seekerAd.moveInFrom}::text`,
  minStayMonths: seekerAd.minStayMonths,
  roomTypes: seekerAd.roomTypes,
  areas: seekerAd.areas,
  userName: user.name,
  userPhoto: user.image,
  isExample: user.isExample,
  createdAt: isoText(seekerAd.createdAt),
  confirmedAt: isoText(seekerAd.confirmedAt),
  ...posterTrust(seekerAd.ownerId, user.emailVerified),
}

/** The whole ad, for its details and its owner. */
export const adFields = {
  ...summaryFields,
  about: seekerAd.about,
  status: seekerAd.status,
  updatedAt: isoText(seekerAd.updatedAt),
  // As SQL, each its JSON value (a day as text): the driver's own mapping isn't wanted here.
  ...(Object.fromEntries(
    Object.entries(factSelection(SEEKER_AD_FACTS, seekerAd)).map(([name, column]) => [name, sql`${column}`]),
  ) as { [K in SeekerAdFactName]: SQL<FactValues<typeof SEEKER_AD_FACTS>[K]> }),
  ownerId: seekerAd.ownerId,
  hiddenReason: seekerAd.hiddenReason,
}

export type Order = 'newest' | 'budget_desc' | 'match'

/**
 * The ads others may see: active and not hidden by moderation (reports, a moderator, or its writer's suspension).
 * The orders' partial indexes hold exactly these rows. 'active' is written into the statement, not bound: a generic
 * plan (made without the values) can use those indexes only if the statement itself names their predicate.
 */
export const shown = [sql`${seekerAd.status} = 'active'`, isNull(seekerAd.hiddenReason)]

/** Every key descending, so "after the cursor" is one row comparison. */
function keyset(order: Order, withCursor: boolean): { after?: SQL; order: SQL[] } {
  const id = seekerAd.id
  if (order === 'newest')
    return {
      after: withCursor
        ? sql`(${seekerAd.createdAt}, ${id}) < (${p.c0}::timestamptz, ${p.c1}::uuid)`
        : undefined,
      order: [sql`${seekerAd.createdAt} desc`, sql`${id} desc`],
    }
  if (order === 'budget_desc')
    return {
      after: withCursor ? sql`(${seekerAd.budget}, ${id}) < (${p.c0}::int, ${p.c1}::uuid)` : undefined,
      order: [sql`${seekerAd.budget} desc`, sql`${id} desc`],
    }
  return {
    after: withCursor
      ? sql`(${matchKey}, ${seekerAd.createdAt}, ${id}) < (${p.c0}::int, ${p.c1}::timestamptz, ${p.c2}::uuid)`
      : undefined,
    order: [sql`${matchKey} desc`, sql`${seekerAd.createdAt} desc`, sql`${id} desc`],
  }
}

export type PageRow = Omit<SeekerAdSummary, 'match'> & {
  createdExact: string
  match?: number | null
  matchKey?: number
}

function pageStatement(
  db: Database,
  where: SQL[],
  order: Order,
  withCursor: boolean,
  isScored: boolean,
  limit: number,
  name: string,
) {
  const { after, order: by } = keyset(order, withCursor)
  const fields = aliased({
    ...summaryFields,
    createdExact,
    ...(isScored ? { match, matchKey } : {}),
  })
  const query = db.select(fields).from(seekerAd).innerJoin(user, eq(seekerAd.ownerId, user.id)).$dynamic()
  if (isScored) query.leftJoin(livingProfile, eq(livingProfile.userId, seekerAd.ownerId))
  return rawRows<PageRow>(
    db,
    name,
    query
      .where(and(...shown, ...where, after))
      .orderBy(...by)
      .limit(pageLimit(limit)),
  )
}

/**
 * A page's statement whose rows are the answer's cards as the driver returns them: each field under its JSON key
 * (`aliased`), so no per-row mapping (decision 014, as browse's pages).
 */
const rawRows = <Row>(db: Database, name: string, query: SQLWrapper & { toSQL(): Query }) => ({
  execute: prepareRaw<Row>(db, name, query),
  /** The statement's text and its parameters (placeholders by name), for a test to EXPLAIN its plan. */
  getQuery: () => query.toSQL(),
})

/** A page of Rooms wanted in this shape. */
export const prepareAdPage = (
  db: Database,
  query: SeekerAdQuery,
  withCursor: boolean,
  isScored: boolean,
  plan: AdPlan,
  name: string,
) =>
  pageStatement(db, seekerAdFilters.where(query, plan), query.sort, withCursor, isScored, query.limit, name)

/** How many active ads these filters keep. */
export const prepareAdCount = (db: Database, query: SeekerAdQuery, name: string) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(seekerAd)
    .where(and(...shown, ...seekerAdFilters.where(query, { isWide: false })))
    .prepare(name)

/**
 * The fit rules of a listing's seekers (docs/architecture.md §3.7): an area's circle holds the listing's place,
 * the budget reaches its rent, its room type is among theirs, and they don't need to move in before it is free
 * (where both say a date); never the listing's own poster.
 */
export const fitConditions = [
  sql`${seekerAd.ownerId} <> ${p.viewerId}`,
  areaHolds(sql.placeholder('center')),
  sql`${seekerAd.budget} >= ${sql.placeholder('rent')}::int`,
  sql`${sql.placeholder('roomType')}::text = any(${seekerAd.roomTypes})`,
  sql`(${sql.placeholder('availableFrom')}::date is null or ${seekerAd.moveInFrom} is null
    or ${seekerAd.moveInFrom} >= ${sql.placeholder('availableFrom')}::date)`,
]

/** A page of a listing's fitting seekers, best match first (always scored: the viewer is its poster). */
export const prepareFitPage = (db: Database, withCursor: boolean, limit: number, name: string) =>
  pageStatement(db, fitConditions, 'match', withCursor, true, limit, name)

export const prepareFitCount = (db: Database, name: string) =>
  db
    .select({ count: sql<number>`count(*)::int` })
    .from(seekerAd)
    .where(and(...shown, ...fitConditions))
    .prepare(name)

/**
 * The rows of these ads that are still shown and meet `where`, in no order: a page cut from a best-match prefix
 * (./seeker-ad-prefixes.ts) puts them in the prefix's order.
 */
export function prepareAdsById(db: Database, where: SQL[], name: string) {
  return rawRows<PageRow>(
    db,
    name,
    db
      .select(aliased({ ...summaryFields, createdExact }))
      .from(seekerAd)
      .innerJoin(user, eq(seekerAd.ownerId, user.id))
      .where(and(...shown, ...where, sql`${seekerAd.id} = any(${sql.placeholder('ids')}::uuid[])`)),
  )
}

/**
 * The first ads of a best-match order, for a prefix (./seeker-ad-prefixes.ts): every other person's profile scored
 * once (browse's `scoredProfiles`, fenced so PostgreSQL doesn't score per ad instead), joined to the ads by their
 * writer, and only what the prefix keeps, so the sort carries no card fields. The order is the full statement's
 * (`keyset('match')`); one's own ad has no score there either. `isCounted`: each row also carries how many ads
 * the order holds.
 */
export function prepareMatchPrefix(db: Database, where: SQL[], name: string, { isCounted = false } = {}) {
  const key = sql<number>`coalesce(scored.match, -1)`
  return db
    .select({
      _id: seekerAd.id,
      createdExact,
      match: sql<number | null>`scored.match`,
      matchKey: key,
      // How many ads the order holds, counted in the same pass when asked (a listing's fit count, decision 066:
      // finding its ads is most of the work); 0 otherwise.
      total: isCounted ? sql<number>`(count(*) over ())::int` : sql<number>`0`,
    })
    .from(seekerAd)
    .leftJoin(sql`${scoredProfiles(true)} as scored`, sql`scored.user_id = ${seekerAd.ownerId}`)
    .where(and(...shown, ...where))
    .orderBy(sql`${key} desc`, sql`${seekerAd.createdAt} desc`, sql`${seekerAd.id} desc`)
    .limit(p.limit)
    .prepare(name)
}
