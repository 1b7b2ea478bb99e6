import { gazetteer } from '../src/server/places/gazetteer.ts'
import { earthPoint, isWideNear } from '../src/server/listings/near-plan.ts'
import { createBestMatchPrefixes } from '../src/server/routes/listings/best-match-prefixes.ts'
import {
  AD_PREFIX_FRESH_MS,
  AD_PREFIX_STALE_MS,
  pageFromPrefix,
  type AdPrefix,
} from '../src/server/routes/seeker-ads/seeker-ad-prefixes.ts'
import type { PageRow } from '../src/server/routes/seeker-ads/seeker-ad-statements.ts'
import { MATCH_SCORE } from './reference-match.ts'
import { count, sql, type Answer, type Queryable } from './reference-sql.ts'

// Reference 1's Rooms wanted (GET /api/seeker-ads): the SQL Nestmate's seeker-ad statements send
// (src/server/routes/seeker-ads/), written out by hand for raw pg, with the same kept totals (decision 006), the
// same plan near a busy place (decision 065) and the same best-match prefixes (decision 063, and 066 for a
// listing's). Filters near= and the order, first pages only; the benchmark sends no others.

const TIME = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const SUMMARY = `s.id as "_id", s.headline, s.budget, s.move_in_from::text as "moveInFrom",
  s.min_stay_months as "minStayMonths", s.room_types as "roomTypes", s.areas, u.name as "userName",
  u.image as "userPhoto", u.is_example as "isExample", ${TIME('s.created_at')} as "createdAt",
  ${TIME('s.confirmed_at')} as "confirmedAt",
  to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdExact",
  u.email_verified as "ownerVerified",
  (select count(*)::int from reference r where r.subject_id = s.owner_id and r.hidden_at is null
    and r.moderator_hidden_at is null) as "referenceCount",
  (select reply_rate from reply_stat where user_id = s.owner_id) as "replyRate",
  (select reply_hours from reply_stat where user_id = s.owner_id) as "replyHours"`

/** The ads others may see, as Nestmate's `shown`. */
const SHOWN = `s.status = 'active' and s.hidden_reason is null`
const PREFIX_ROWS = 300
const SCORED = `(select p.user_id, ${MATCH_SCORE} as match from living_profile p, v where p.user_id <> v.user_id offset 0)`
const PROFILE = `select answer_bits, accepted_bits, answered_bits, weight1_bits, weight10_bits, weight50_bits,
  weight250_bits, interest_bits from living_profile where user_id = $1`
const CREATED = `to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/**
 * The first ads of a best-match order (Nestmate's prepareMatchPrefix): every other profile scored once, joined to
 * the ads by writer; a listing's also counts the ads its order holds.
 */
async function matchPrefix(
  pool: Queryable,
  viewerId: string,
  where: string[],
  params: unknown[],
  isCounted: boolean,
) {
  const viewer = `$${params.length + 1}`
  const { rows } = await sql(
    pool,
    `with v as (select * from living_profile where user_id = ${viewer})
     select s.id, ${CREATED} as created, scored.match, coalesce(scored.match, -1) as key,
       ${isCounted ? '(count(*) over ())::int' : '0'} as total
     from seeker_ad s left join ${SCORED} scored on scored.user_id = s.owner_id
     where ${[SHOWN, ...where].join(' and ')}
     order by coalesce(scored.match, -1) desc, s.created_at desc, s.id desc limit ${PREFIX_ROWS}`,
    [...params, viewerId],
  )
  return {
    ids: rows.map((row) => row.id as string),
    matches: rows.map((row) => row.match as number | null),
    keys: rows.map((row) => row.key as number),
    created: rows.map((row) => row.created as string),
    isWhole: rows.length < PREFIX_ROWS,
    total: (rows[0]?.total as number | undefined) ?? 0,
  } satisfies AdPrefix
}

type PrefixArgs = { pool: Queryable; where: string[]; params: unknown[] }
// The same lifetimes as Nestmate's (decision 066).
const lifetimes = { freshMs: AD_PREFIX_FRESH_MS, staleMs: AD_PREFIX_STALE_MS }
const viewerPrefixes = createBestMatchPrefixes<PrefixArgs, AdPrefix>(
  (viewerId, { pool, where, params }) => matchPrefix(pool, viewerId, where, params, false),
  lifetimes,
)
const listingPrefixes = createBestMatchPrefixes<PrefixArgs & { viewerId: string }, AdPrefix>(
  (_listingId, { pool, where, params, viewerId }) => matchPrefix(pool, viewerId, where, params, true),
  lifetimes,
)

/** A page cut from a prefix: the ads' card fields read by id (still shown, still within `where`). */
function cutFrom(
  prefix: AdPrefix,
  limit: number,
  isFiltered: boolean,
  pool: Queryable,
  where: string[],
  params: unknown[],
) {
  return pageFromPrefix(prefix, null, limit, isFiltered, async (ids) => {
    const { rows } = await sql(
      pool,
      `select ${SUMMARY} from seeker_ad s join "user" u on u.id = s.owner_id
       where ${[SHOWN, ...where, `s.id = any($${params.length + 1}::uuid[])`].join(' and ')}`,
      [...params, ids],
    )
    return rows as PageRow[]
  })
}

export async function seekerAds(pool: Queryable, url: URL, userId: string | null): Promise<Answer> {
  const query = url.searchParams
  const near = query.get('near') ? gazetteer.find(Number(query.get('near'))) : undefined
  const params: unknown[] = near ? [earthPoint(near)] : []
  const holds = (isWide: boolean) =>
    `exists (select 1 from seeker_ad_area a where a.ad_id = s.id and a.reach @> $1::cube
      and sec_to_gc(cube_distance(a.earth, $1::cube)) <= a.radius_km * 1000${isWide ? ' offset 0' : ''})`
  const countOf = (where: string[]) =>
    `select count(*)::int as count from seeker_ad s where ${[SHOWN, ...where].join(' and ')}`
  // Totals kept as Nestmate keeps them (decision 006): the whole list's, and near a place once the list is large.
  const all = await count('seeker-ads', pool, countOf([]))
  const total = near
    ? await count(`seeker-ads near ${query.get('near')}`, pool, countOf([holds(false)]), params, all)
    : all
  const isMatch = query.get('sort') === 'match'
  if (isMatch && !userId)
    return {
      status: 400,
      body: {
        error:
          'Sorting by best match needs you signed in with a living profile; sort by newest or budget instead.',
      },
    }
  const limit = Number(query.get('limit') ?? 24)
  let rows: Record<string, unknown>[] | undefined
  if (isMatch) {
    const profile = (await sql(pool, PROFILE, [userId])).rows[0]
    if (profile) {
      // Nestmate reads the viewer's masks and keys the prefix by them; ads named by id ask each for its area.
      const where = near ? [holds(true)] : []
      const prefix = await viewerPrefixes.get(
        userId!,
        { pool, where, params },
        Object.values(profile).join(' '),
      )
      const cut = await cutFrom(prefix, limit, near !== undefined, pool, where, params)
      rows = cut?.map(({ matchKey: _key, ...row }) => row)
    }
    if (!rows) {
      const viewer = `$${params.length + 1}`
      rows = (
        await sql(
          pool,
          `with v as (select * from living_profile where user_id = ${viewer})
           select ${SUMMARY}, case when s.owner_id = ${viewer} then null else ${MATCH_SCORE} end as match
           from seeker_ad s join "user" u on u.id = s.owner_id left join living_profile p on p.user_id = s.owner_id
           cross join v
           where ${[SHOWN, ...(near ? [holds(false)] : [])].join(' and ')}
           order by coalesce(case when s.owner_id = ${viewer} then null else ${MATCH_SCORE} end, -1) desc,
             s.created_at desc, s.id desc limit ${limit + 1}`,
          [...params, userId],
        )
      ).rows
    }
  } else
    rows = (
      await sql(
        pool,
        `select ${SUMMARY} from seeker_ad s join "user" u on u.id = s.owner_id
         where ${[SHOWN, ...(near ? [holds(isWideNear(total, all))] : [])].join(' and ')}
         order by s.created_at desc, s.id desc limit ${limit + 1}`,
        params,
      )
    ).rows
  return answer(rows, limit, total, url, userId !== null, isMatch)
}

/** The page, its total and the next page's link, as Nestmate answers them. */
function answer(
  rows: Record<string, unknown>[],
  limit: number,
  total: number,
  url: URL,
  isSignedIn: boolean,
  isMatch: boolean,
): Answer {
  const page = rows.slice(0, limit)
  const headers: Record<string, string> = { 'x-total-count': String(total) }
  if (isSignedIn && url.pathname === '/api/seeker-ads') headers['x-living-profile'] = 'scored'
  const last = page.at(-1)
  if (rows.length > limit && last) {
    const cursor = isMatch
      ? [(last.match as number | null) ?? -1, last.createdExact, last._id]
      : [last.createdExact, last._id]
    const next = new URLSearchParams(url.searchParams)
    next.set('cursor', Buffer.from(JSON.stringify(cursor)).toString('base64url'))
    headers.link = `<${url.pathname}?${next}>; rel="next"`
  }
  return { status: 200, headers, body: page.map(({ createdExact: _exact, ...row }) => row) }
}

/**
 * A listing's fitting seekers (GET /api/roommate-listings/:id/seekers), its poster only: an area holds the
 * listing's place, the budget reaches its rent, its room type is among theirs, no move-in before it is free; best
 * match with the poster first, then newest (the fit statements of src/server/routes/seeker-ads/).
 */
export async function listingSeekers(
  pool: Queryable,
  listingId: string,
  url: URL,
  userId: string,
): Promise<Answer> {
  // The listing's fit values and its poster's answers in one round trip, as Nestmate reads them.
  const target = (
    await sql(
      pool,
      `select l.owner_id as "ownerId", l.lat, l.lon, l.rent, l.room_type as "roomType",
         l.available_from::text as "availableFrom", p.answer_bits, p.accepted_bits, p.answered_bits, p.weight1_bits,
         p.weight10_bits, p.weight50_bits, p.weight250_bits, p.interest_bits
       from listing l left join living_profile p on p.user_id = l.owner_id where l.id = $1`,
      [listingId],
    )
  ).rows[0]
  if (!target) return { status: 404, body: { error: 'Listing not found.' } }
  if (target.ownerId !== userId)
    return { status: 403, body: { error: "Only a listing's poster sees the people looking near it." } }
  const params: unknown[] = []
  const p = (value: unknown) => `$${params.push(value)}`
  const viewer = p(userId)
  const point = p(earthPoint({ lat: target.lat as number, lon: target.lon as number }))
  const where = [
    `s.owner_id <> ${viewer}`,
    `exists (select 1 from seeker_ad_area a where a.ad_id = s.id and a.reach @> ${point}::cube
      and sec_to_gc(cube_distance(a.earth, ${point}::cube)) <= a.radius_km * 1000)`,
    `s.budget >= ${p(target.rent)}::int`,
    `${p(target.roomType)}::text = any(s.room_types)`,
    `(${p(target.availableFrom)}::date is null or s.move_in_from is null or s.move_in_from >= $${params.length}::date)`,
  ]
  const limit = Number(url.searchParams.get('limit') ?? 24)
  // The listing's prefix, keyed by the poster's masks and the listing's fit values, as Nestmate keys it.
  const key = JSON.stringify(target)
  const prefix = await listingPrefixes.get(listingId, { pool, where, params, viewerId: userId }, key)
  const cut = await cutFrom(prefix, limit, false, pool, where, params)
  if (cut)
    return answer(
      cut.map(({ matchKey: _key, ...row }) => row),
      limit,
      prefix.total!,
      url,
      true,
      true,
    )
  const [count, page] = await Promise.all([
    sql(
      pool,
      `select count(*)::int as count from seeker_ad s where ${[SHOWN, ...where].join(' and ')}`,
      params,
    ),
    sql(
      pool,
      `with v as (select * from living_profile where user_id = ${viewer})
       select ${SUMMARY}, ${MATCH_SCORE} as match
       from seeker_ad s join "user" u on u.id = s.owner_id left join living_profile p on p.user_id = s.owner_id
       left join v on true
       where ${[SHOWN, ...where].join(' and ')}
       order by coalesce(${MATCH_SCORE}, -1) desc, s.created_at desc, s.id desc limit ${limit + 1}`,
      params,
    ),
  ])
  return answer(page.rows, limit, count.rows[0].count as number, url, true, true)
}
