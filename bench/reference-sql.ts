import type pg from 'pg'
import { createCountCache } from '../src/server/db/count-cache.ts'
import { createBestMatchPrefixes, startAfter } from '../src/server/routes/listings/best-match-prefixes.ts'
import { gazetteer } from '../src/server/places/gazetteer.ts'
import { earthPoint, latLonBox } from '../src/server/routes/listings/near-plan.ts'
import { createSessionCache } from '../src/server/plugins/session-cache.ts'

// Reference 1, "the least work that gives the same answer": the SQL Nestmate's repositories send
// (src/server/routes/listings/listings-repository.ts, users-repository.ts), written out by hand for raw pg.

// The same caching rules as Nestmate, so the ratio measures the work around the SQL, not a cache: a count of
// 1,000 or more is kept for 10 s (docs/decisions/006), a person's own count until a write, a signed-in session
// for 10 s (docs/decisions/010).
const counts = createCountCache()
const ownCounts = createCountCache({ exactBelow: 0, maxEntries: 10_000 })
const sessions = createSessionCache<string>()

// Every statement is named, so PostgreSQL parses and plans it once per connection, as Nestmate's prepared ones.
const names = new Map<string, string>()
function sql(pool: pg.Pool | pg.PoolClient, text: string, values: unknown[] = []) {
  let name = names.get(text)
  if (!name) names.set(text, (name = `ref_${names.size}`))
  return pool.query({ name, text, values })
}

const count = (key: string, pool: pg.Pool, text: string, params: unknown[] = []) =>
  counts.get(key, async () => (await sql(pool, text, params)).rows[0].count as number)

export type Answer = { status: number; headers?: Record<string, string>; body: unknown }

const SUMMARY = `l.id as "_id", l.title, l.location, l.rent, l.room_type as "roomType", l.lifestyle,
  l.availability, u.name as "userName", u.is_example as "isExample", l.likes, l.created_at as "createdAt",
  l.place_id as "placeId",
  l.place_name as "placeName", l.lat, l.lon`
const FROM = `from listing l join "user" u on l.owner_id = u.id`

const toIso = <T extends { createdAt: Date; updatedAt?: Date }>(row: T) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  ...(row.updatedAt ? { updatedAt: row.updatedAt.toISOString() } : {}),
})

const encodeCursor = (value: number | string, id: string) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url')

export async function browse(pool: pg.Pool, url: URL): Promise<Answer> {
  const params: unknown[] = []
  const where: string[] = []
  const p = (value: unknown) => `$${params.push(value)}`
  const query = url.searchParams
  const roomType = query.get('roomType')
  if (roomType && roomType !== 'All') where.push(`l.room_type = ${p(roomType)}`)
  if (query.get('minRent')) where.push(`l.rent >= ${p(Number(query.get('minRent')))}`)
  if (query.get('maxRent')) where.push(`l.rent <= ${p(Number(query.get('maxRent')))}`)
  const q = query.get('q')
  if (q) {
    const pattern = p(`%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)
    where.push(`(l.title ilike ${pattern} or l.location ilike ${pattern})`)
  }
  // near=: the place's coordinates from the same in-memory gazetteer, the same earthdistance test as Nestmate.
  const near = query.get('near') ? gazetteer.find(Number(query.get('near'))) : undefined
  let distance = ''
  const filters = [...where]
  const countParams = [...params]
  let center = ''
  let radius = ''
  if (near) {
    center = p(earthPoint(near))
    radius = p(Number(query.get('radiusKm') ?? 15) * 1000)
    distance = `sec_to_gc(cube_distance(${center}::cube, l.earth))`
    filters.push(
      `earth_box(${center}::earth, ${radius}::float8) @> l.earth`,
      `${distance} <= ${radius}::float8`,
    )
    countParams.push(...params.slice(countParams.length))
  }
  const byDistance = near !== undefined && query.get('sort') === 'distance'
  const total = await count(
    JSON.stringify([filters, countParams]),
    pool,
    `select count(*)::int as count from listing l ${filters.length ? `where ${filters.join(' and ')}` : ''}`,
    countParams,
  )
  // The same plans as Nestmate (decision 027): nearest first through the GiST index's nearest-first walk; a circle
  // holding many listings by a walk of the rent index testing lat/lon; otherwise the circle's listings, sorted.
  const all =
    near && !byDistance ? await count('[[],[]]', pool, 'select count(*)::int as count from listing') : 0
  const isWide = near !== undefined && !byDistance && total >= 2 * Math.sqrt(all)
  if (near && isWide) {
    const box = latLonBox(near, Number(query.get('radiusKm') ?? 15) * 1000)
    where.push(
      `abs(l.lat - ${p(box.boxLat)}::float8) <= ${p(box.boxLatDelta)}::float8`,
      `abs(l.lon - ${p(box.boxLon)}::float8) <= ${p(box.boxLonDelta)}::float8`,
      `sec_to_gc(cube_distance(${center}::cube, ll_to_earth(l.lat, l.lon))) <= ${radius}::float8`,
    )
  } else if (near) where.push(...filters.slice(where.length))
  const cursor = query.get('cursor')
  if (cursor) {
    const [value, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [number, string]
    where.push(`(${byDistance ? distance : 'l.rent'}, l.id) > (${p(value)}, ${p(id)}::uuid)`)
  }
  const limit = Number(query.get('limit') ?? 24)
  const clause = (list: string[]) => (list.length ? `where ${list.join(' and ')}` : '')
  const distanceColumns = near
    ? `, round((${distance} / 1000)::numeric, 1)::float8 as "distanceKm", ${distance} as "distanceExact"`
    : ''
  const order = byDistance ? `${distance} asc, l.id asc` : 'l.rent asc, l.id asc'
  let source = 'listing l'
  if (byDistance)
    source = `(select * from listing l ${clause(where)} order by l.earth <-> ${center}::cube
      fetch first ${limit + 1} rows with ties) l`
  else if (isWide)
    source = `(select l.* from (select l.id from listing l ${clause(where)} order by ${order} limit ${limit + 1}) hit
      join listing l on l.id = hit.id) l`
  const rows = await sql(
    pool,
    `select ${SUMMARY}${distanceColumns} from ${source} join "user" u on l.owner_id = u.id
     ${source === 'listing l' ? clause(where) : ''} order by ${order} limit ${limit + 1}`,
    params,
  )
  const page = rows.rows.slice(0, limit)
  const headers: Record<string, string> = { 'x-total-count': String(total) }
  const last = page.at(-1)
  if (rows.rows.length > limit && last) {
    const next = new URLSearchParams(query)
    next.set('cursor', encodeCursor(byDistance ? last.distanceExact : last.rent, last._id))
    headers.link = `</api/roommate-listings?${next}>; rel="next"`
  }
  return {
    status: 200,
    headers,
    body: page.map(({ distanceExact: _exact, ...row }: Record<string, unknown>) => toIso(row as never)),
  }
}

/** The place box's autocomplete: Nestmate's own in-memory gazetteer, answered with JSON.stringify. */
export function places(url: URL): Answer {
  const q = url.searchParams.get('q') ?? ''
  const limit = Number(url.searchParams.get('limit') ?? 8)
  return {
    status: 200,
    headers: { 'cache-control': 'public, max-age=86400' },
    body: gazetteer.search(q, limit),
  }
}

// The match score over living_profile's masks, as src/server/routes/living-profile/match-sql.ts writes it.
const WEIGHT_MASKS = [
  [1, 'weight1_bits'],
  [10, 'weight10_bits'],
  [50, 'weight50_bits'],
  [250, 'weight250_bits'],
] as const
const bitCount = (mask: string) => `bit_count((${mask})::bit(64))`
const weighted = (term: (mask: string) => string) =>
  WEIGHT_MASKS.map(([weight, mask]) => `${weight} * ${term(mask)}`).join(' + ')
function satisfaction(from: string, to: string) {
  const total = weighted((mask) => bitCount(`${to}.answer_bits & ${from}.${mask}`))
  const met = weighted((mask) => bitCount(`${to}.answer_bits & ${from}.accepted_bits & ${from}.${mask}`))
  return `(case when (${total}) = 0 then 1.0::float8 else (${met})::float8 / (${total}) end)`
}
const SCORE = `(case when ${bitCount('p.answer_bits & v.answered_bits')} < 3 then null
  else floor(100 * sqrt(${satisfaction('v', 'p')} * ${satisfaction('p', 'v')}) + 0.5)::int end)`

// The same prefix rules as Nestmate (decision 027): each viewer's first 300 listings in best-match order, fresh for
// 10 s, then used while a new one is worked out in the background.
const SCORED = `with v as (select * from living_profile where user_id = $1)
  select p.user_id, ${SCORE} as match, ${bitCount('v.interest_bits & p.interest_bits')}::int as shared
  from living_profile p, v where p.user_id <> $1 offset 0`
const PREFIX = 300
// Rooms Not Available after every available one (browse-queries.ts's matchKey).
const MATCH_KEY = `(coalesce(s.match, -1) - case when l.availability = 'Available' then 0 else 1000 end)`
const prefixes = createBestMatchPrefixes(async (userId: string, pool: pg.Pool) => {
  const { rows } = await sql(
    pool,
    `select l.id, s.match, ${MATCH_KEY} as key, coalesce(s.shared, 0) as shared
     from listing l left join (${SCORED}) s on s.user_id = l.owner_id
     order by ${MATCH_KEY} desc, l.id desc limit ${PREFIX}`,
    [userId],
  )
  return {
    ids: rows.map((row) => row.id as string),
    matches: rows.map((row) => row.match as number | null),
    keys: rows.map((row) => row.key as number),
    shared: rows.map((row) => row.shared as number),
    isWhole: rows.length < PREFIX,
  }
})

/** Browse's first page by best match for a signed-in person with a living profile (no filters, no cursor). */
export async function browseMatch(pool: pg.Pool, url: URL, userId: string | null): Promise<Answer> {
  const refused = { status: 400, body: { error: 'Sorting by best match needs your living profile.' } }
  if (!userId) return refused
  // Nestmate reads the viewer's masks (a primary-key read) and keys the prefix by them.
  const profile = await sql(
    pool,
    `select answer_bits, accepted_bits, answered_bits, weight1_bits, weight10_bits, weight50_bits, weight250_bits,
      interest_bits from living_profile where user_id = $1`,
    [userId],
  )
  if (!profile.rows[0]) return refused
  const limit = Number(url.searchParams.get('limit') ?? 24)
  const prefix = await prefixes.get(userId, pool, Object.values(profile.rows[0]).join(' '))
  const from = startAfter(prefix, null)
  const top = async () => {
    const { rows } = await sql(
      pool,
      `select ${SUMMARY}, r.match, r.shared as "sharedInterests", r.key
       from unnest($1::uuid[], $2::int[], $3::int[], $4::int[]) with ordinality as r(id, match, key, shared, place)
       join listing l on l.id = r.id join "user" u on u.id = l.owner_id
       order by r.place limit ${limit + 1}`,
      [
        prefix.ids.slice(from, from + limit + 1),
        prefix.matches.slice(from, from + limit + 1),
        prefix.keys.slice(from, from + limit + 1),
        prefix.shared.slice(from, from + limit + 1),
      ],
    )
    return rows.length > limit || prefix.isWhole ? rows : null
  }
  const full = async () =>
    (
      await sql(
        pool,
        `with scored as (${SCORED})
         select ${SUMMARY}, s.match, coalesce(s.shared, 0) as "sharedInterests", ${MATCH_KEY} as key
         ${FROM} left join scored s on s.user_id = l.owner_id
         order by ${MATCH_KEY} desc, l.id desc limit ${limit + 1}`,
        [userId],
      )
    ).rows
  const [rows, total] = await Promise.all([
    top().then((rows) => rows ?? full()),
    count('[]', pool, `select count(*)::int as count from listing`),
  ])
  const page = rows.slice(0, limit)
  const headers: Record<string, string> = {
    'x-total-count': String(total),
    'cache-control': 'no-store',
    'x-living-profile': 'scored',
  }
  const last = page.at(-1)
  if (rows.length > limit && last) {
    const next = new URLSearchParams(url.searchParams)
    next.set('cursor', encodeCursor(last.key, last._id))
    headers.link = `</api/roommate-listings?${next}>; rel="next"`
  }
  return { status: 200, headers, body: page.map(({ key: _key, ...row }) => toIso(row)) }
}

export async function featured(pool: pg.Pool): Promise<Answer> {
  const { rows } = await sql(
    pool,
    `select ${SUMMARY} ${FROM} where l.availability = 'Available' order by l.created_at desc limit 6`,
  )
  return { status: 200, body: rows.map(toIso) }
}

/** The session check Better Auth makes: the signed token's session, unexpired, and its user. */
export async function sessionUser(pool: pg.Pool, cookie: string | undefined): Promise<string | null> {
  const match = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/.exec(cookie ?? '')
  if (!match) return null
  const signed = decodeURIComponent(match[1]!)
  const found = await sessions.get(signed, async () => {
    const token = signed.slice(0, signed.lastIndexOf('.'))
    const { rows } = await sql(
      pool,
      `select u.id, s.expires_at from session s join "user" u on u.id = s.user_id where s.token = $1 and s.expires_at > now()`,
      [token],
    )
    return rows[0] ? { value: rows[0].id as string, endsAt: (rows[0].expires_at as Date).getTime() } : null
  })
  return found?.value ?? null
}

export async function details(pool: pg.Pool, id: string, userId: string): Promise<Answer> {
  const { rows } = await sql(
    pool,
    `select ${SUMMARY}, l.description, l.contact, l.number, u.email as "userEmail", l.owner_id as "ownerId",
       l.updated_at as "updatedAt",
       exists (select 1 from listing_like k where k.listing_id = l.id and k.user_id = $2) as "likedByMe"
     ${FROM} where l.id = $1`,
    [id, userId],
  )
  const row = rows[0]
  if (!row) return { status: 404, body: { error: 'Listing not found.' } }
  const { ownerId, number, ...rest } = row
  const isOwner = ownerId === userId
  return {
    status: 200,
    headers: { 'cache-control': 'no-store' },
    body: { ...toIso(rest), ...(isOwner || row.likedByMe ? { number } : {}), isOwner },
  }
}

export async function stats(pool: pg.Pool, userId: string | null): Promise<Answer> {
  const [listings, users, mine] = await Promise.all([
    count('[]', pool, `select count(*)::int as count from listing`),
    count('users', pool, `select count(*)::int as count from "user"`),
    userId
      ? ownCounts.get(userId, async () => {
          const { rows } = await sql(pool, `select count(*)::int as count from listing where owner_id = $1`, [
            userId,
          ])
          return rows[0].count as number
        })
      : undefined,
  ])
  return {
    status: 200,
    body: {
      totalListings: listings,
      totalUsers: users,
      ...(mine === undefined ? {} : { myListings: mine }),
    },
  }
}

export async function like(pool: pg.Pool, id: string, userId: string): Promise<Answer> {
  const owner = await sql(pool, `select owner_id from listing where id = $1`, [id])
  if (!owner.rows[0]) return { status: 404, body: { error: 'Listing not found.' } }
  if (owner.rows[0].owner_id === userId)
    return { status: 403, body: { error: "You can't like your own post" } }
  const { rows } = await sql(
    pool,
    `with liked as (
       insert into listing_like (listing_id, user_id) values ($1, $2) on conflict do nothing returning listing_id
     ), counted as (
       update listing set likes = likes + 1 where id = $1 and exists (select 1 from liked) returning likes, number
     ), unchanged as (
       select likes, number from listing where id = $1 and not exists (select 1 from liked) for share
     )
     select likes, number from counted
     union all
     select likes, number from unchanged`,
    [id, userId],
  )
  const { likes, number } = rows[0]
  return { status: 200, body: { likes, liked: true, ...(number ? { number } : {}) } }
}

export async function create(pool: pg.Pool, userId: string, input: Record<string, unknown>): Promise<Answer> {
  const { rows } = await sql(
    pool,
    `insert into listing (owner_id, title, location, rent, room_type, lifestyle, description, contact, number,
       availability, likes) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0) returning id`,
    [
      userId,
      input.title,
      input.location,
      input.rent,
      input.roomType,
      input.lifestyle ?? '',
      input.description ?? '',
      input.contact,
      input.number ?? '',
      input.availability ?? 'Available',
    ],
  )
  counts.clear()
  ownCounts.clear()
  return { status: 201, body: { success: true, insertedId: rows[0].id } }
}
