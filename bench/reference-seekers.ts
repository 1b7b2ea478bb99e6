import { gazetteer } from '../src/server/places/gazetteer.ts'
import { earthPoint } from '../src/server/routes/listings/near-plan.ts'
import { MATCH_SCORE } from './reference-match.ts'
import { sql, type Answer, type Queryable } from './reference-sql.ts'

// Reference 1's Rooms wanted (GET /api/seeker-ads): the SQL Nestmate's seeker-ad statements send
// (src/server/routes/seeker-ads/), written out by hand for raw pg. Filters near= and the order; the benchmark sends
// no others.

const TIME = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
const SUMMARY = `s.id as "_id", s.headline, s.budget, s.move_in_from::text as "moveInFrom",
  s.min_stay_months as "minStayMonths", s.room_types as "roomTypes", s.areas, u.name as "userName",
  u.image as "userPhoto", u.is_example as "isExample", ${TIME('s.created_at')} as "createdAt",
  ${TIME('s.confirmed_at')} as "confirmedAt",
  to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdExact"`

export async function seekerAds(pool: Queryable, url: URL, userId: string | null): Promise<Answer> {
  const query = url.searchParams
  const params: unknown[] = []
  const p = (value: unknown) => `$${params.push(value)}`
  const where = [`s.status = 'active'`]
  const near = query.get('near') ? gazetteer.find(Number(query.get('near'))) : undefined
  if (near) {
    const point = p(earthPoint(near))
    where.push(`exists (select 1 from seeker_ad_area a where a.ad_id = s.id and a.reach @> ${point}::cube
      and sec_to_gc(cube_distance(a.earth, ${point}::cube)) <= a.radius_km * 1000)`)
  }
  const countParams = [...params]
  const total = (
    await sql(
      pool,
      `select count(*)::int as count from seeker_ad s where ${where.join(' and ')}`,
      countParams,
    )
  ).rows[0].count as number
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
  let rows: Record<string, unknown>[]
  if (isMatch) {
    const viewer = p(userId)
    rows = (
      await sql(
        pool,
        `with v as (select * from living_profile where user_id = ${viewer})
         select ${SUMMARY}, case when s.owner_id = ${viewer} then null else ${MATCH_SCORE} end as match
         from seeker_ad s join "user" u on u.id = s.owner_id left join living_profile p on p.user_id = s.owner_id
         cross join v
         where ${where.join(' and ')}
         order by coalesce(case when s.owner_id = ${viewer} then null else ${MATCH_SCORE} end, -1) desc,
           s.created_at desc, s.id desc limit ${limit + 1}`,
        params,
      )
    ).rows
  } else
    rows = (
      await sql(
        pool,
        `select ${SUMMARY} from seeker_ad s join "user" u on u.id = s.owner_id where ${where.join(' and ')}
         order by s.created_at desc, s.id desc limit ${limit + 1}`,
        params,
      )
    ).rows
  const page = rows.slice(0, limit)
  const headers: Record<string, string> = { 'x-total-count': String(total) }
  if (userId) headers['x-living-profile'] = 'scored'
  const last = page.at(-1)
  if (rows.length > limit && last) {
    const cursor = isMatch
      ? [(last.match as number | null) ?? -1, last.createdExact, last._id]
      : [last.createdExact, last._id]
    const next = new URLSearchParams(query)
    next.set('cursor', Buffer.from(JSON.stringify(cursor)).toString('base64url'))
    headers.link = `</api/seeker-ads?${next}>; rel="next"`
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
  const target = (
    await sql(
      pool,
      `select owner_id as "ownerId", lat, lon, rent, room_type as "roomType", available_from::text as "availableFrom"
       from listing where id = $1`,
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
    `s.status = 'active'`,
    `s.owner_id <> ${viewer}`,
    `exists (select 1 from seeker_ad_area a where a.ad_id = s.id and a.reach @> ${point}::cube
      and sec_to_gc(cube_distance(a.earth, ${point}::cube)) <= a.radius_km * 1000)`,
    `s.budget >= ${p(target.rent)}::int`,
    `${p(target.roomType)}::text = any(s.room_types)`,
    `(${p(target.availableFrom)}::date is null or s.move_in_from is null or s.move_in_from >= $${params.length}::date)`,
  ]
  const limit = Number(url.searchParams.get('limit') ?? 24)
  const [count, page] = await Promise.all([
    sql(pool, `select count(*)::int as count from seeker_ad s where ${where.join(' and ')}`, params),
    sql(
      pool,
      `with v as (select * from living_profile where user_id = ${viewer})
       select ${SUMMARY}, ${MATCH_SCORE} as match
       from seeker_ad s join "user" u on u.id = s.owner_id left join living_profile p on p.user_id = s.owner_id
       left join v on true
       where ${where.join(' and ')}
       order by coalesce(${MATCH_SCORE}, -1) desc, s.created_at desc, s.id desc limit ${limit + 1}`,
      params,
    ),
  ])
  const rows = page.rows
  const headers: Record<string, string> = { 'x-total-count': String(count.rows[0].count) }
  const shown = rows.slice(0, limit)
  const last = shown.at(-1)
  if (rows.length > limit && last) {
    const next = new URLSearchParams(url.searchParams)
    next.set(
      'cursor',
      Buffer.from(JSON.stringify([last.match ?? -1, last.createdExact, last._id])).toString('base64url'),
    )
    headers.link = `<${url.pathname}?${next}>; rel="next"`
  }
  return { status: 200, headers, body: shown.map(({ createdExact: _exact, ...row }) => row) }
}
