import { factFilters } from '../src/shared/fact-table.ts'
import { LISTING_FACTS } from '../src/shared/listing-facts.ts'
import { compareProfiles, type Profile } from '../src/shared/match.ts'
import { createCountCache } from '../src/server/db/count-cache.ts'
import { gazetteer } from '../src/server/places/gazetteer.ts'
import { photoView, type PhotoRow } from '../src/server/routes/photos/photos-repository.ts'
import { DETAIL, FEATURED, SUMMARY } from './reference-columns.ts'
import { earthPoint, latLonBox } from '../src/server/listings/near-plan.ts'
import { createSessionCache } from '../src/server/plugins/session-cache.ts'

// Reference 1, "the least work that gives the same answer": the SQL Nestmate's repositories send
// (src/server/routes/listings/listings-repository.ts, users-repository.ts), written out by hand for raw pg.

// The same caching rules as Nestmate, so the ratio measures the work around the SQL, not a cache: a count of
// 1,000 or more is kept for 10 s (docs/decisions/006), a person's own count until a write, a signed-in session
// for 10 s (docs/decisions/010).
const counts = createCountCache()
const ownCounts = createCountCache({ exactBelow: 0, maxEntries: 10_000 })
const sessions = createSessionCache<string>()

/** What the reference needs of a pg pool (the comparison test hands it the test database instead). */
export type Queryable = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- rows as raw pg types them, read like pg's own
  query: (statement: { name?: string; text: string; values: unknown[] }) => Promise<{ rows: any[] }>
}

// Every statement is named, so PostgreSQL parses and plans it once per connection, as Nestmate's prepared ones.
const names = new Map<string, string>()
export function sql(pool: Queryable, text: string, values: unknown[] = []) {
  let name = names.get(text)
  if (!name) names.set(text, (name = `ref_${names.size}`))
  return pool.query({ name, text, values })
}

/** Unnamed, so planned for its values on each call, as Nestmate's inbox is (docs/decisions/059). */
export const sqlPlannedPerCall = (pool: Queryable, text: string, values: unknown[]) =>
  pool.query({ text, values })

/** A count kept by Nestmate's rules; `tableSize`, when given, decides whether it is kept (a filtered count). */
export const count = (
  key: string,
  pool: Queryable,
  text: string,
  params: unknown[] = [],
  tableSize?: number,
) => counts.get(key, async () => (await sql(pool, text, params)).rows[0].count as number, tableSize)

export type Answer = { status: number; headers?: Record<string, string>; body: unknown }

export const FROM = `from listing l join "user" u on l.owner_id = u.id`
const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

export const encodeCursor = (value: number | string, id: string) =>
  Buffer.from(JSON.stringify([value, id])).toString('base64url')

export async function browse(pool: Queryable, url: URL): Promise<Answer> {
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
  if (query.get('available') === 'true') where.push(`l.availability = 'Available'`)
  // Household filters, as the listing's facts define them: a yes-only fact keeps `true`, a bound compares.
  for (const { param, name, fact, bound } of factFilters(LISTING_FACTS)) {
    const value = query.get(param)
    const column = `l.${snakeCase(name)}`
    // An any-of choice (advertiser=agent,flatmate): one of the listed values.
    if (fact.kind === 'choice') {
      if (value) where.push(`${column} = any(${p(value.split(','))}::text[])`)
      continue
    }
    if (!bound && value === 'true') where.push(`${column} is true`)
    if (!bound || !value) continue
    const test = `${column} ${bound.bound === 'atLeast' ? '>=' : '<='} ${p(value)}`
    where.push(bound.keepsUnsaid ? `(${column} is null or ${test})` : test)
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
    body: page.map(({ distanceExact: _exact, ...row }: Record<string, unknown>) => row),
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

export async function featured(pool: Queryable): Promise<Answer> {
  const { rows } = await sql(
    pool,
    `select ${FEATURED} ${FROM} where l.availability = 'Available' order by l.created_at desc limit 6`,
  )
  return { status: 200, body: rows }
}

/** The session check Better Auth makes: the signed token's session, unexpired, and its user. */
export async function sessionUser(pool: Queryable, cookie: string | undefined): Promise<string | null> {
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

// Nestmate's details statement, written out: the listing, whether the viewer liked it, its photos in order and both
// living profiles, in one round trip.
const profileOf = (
  userId: string,
) => `(select json_build_object('answers', lp.answers, 'interests', lp.interests)
  from living_profile lp where lp.user_id = ${userId})`
const DETAILS = `select ${DETAIL}, l.owner_id as "ownerId",
    exists (select 1 from listing_like k where k.listing_id = l.id and k.user_id = $2) as "likedByMe",
    (select coalesce(json_agg(json_build_object('id', p.id, 'key', p.key, 'width', p.width, 'height', p.height,
      'placeholder', p.placeholder) order by p.position, p.created_at), '[]')
     from listing_photo p where p.listing_id = l.id) as "photoRows",
    ${profileOf('$2')} as "viewerProfile", ${profileOf('l.owner_id')} as "posterProfile",
    (select reply_rate from reply_stat where user_id = l.owner_id) as "replyRate",
    (select reply_hours from reply_stat where user_id = l.owner_id) as "replyHours"
  ${FROM} where l.id = $1`

export async function details(pool: Queryable, id: string, userId: string): Promise<Answer> {
  const { rows } = await sql(pool, DETAILS, [id, userId])
  const row = rows[0]
  if (!row) return { status: 404, body: { error: 'Listing not found.' } }
  const { ownerId, likedByMe, number, userEmail, photoRows, viewerProfile, posterProfile, ...fields } =
    row as {
      ownerId: string
      likedByMe: boolean
      number: string
      userEmail: string
      photoRows: PhotoRow[]
      viewerProfile: Profile | null
      posterProfile: Profile | null
    }
  const isOwner = ownerId === userId
  const match =
    viewerProfile && posterProfile && !isOwner ? compareProfiles(viewerProfile, posterProfile) : null
  return {
    status: 200,
    headers: { 'cache-control': 'no-store' },
    body: {
      ...fields,
      ...(isOwner || likedByMe ? { number, userEmail } : {}),
      ownerId,
      likedByMe,
      isOwner,
      match,
      hasLivingProfile: viewerProfile !== null,
      photos: photoRows.map((photo) => photoView(id, photo)),
    },
  }
}

export async function stats(pool: Queryable, userId: string | null): Promise<Answer> {
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

// Nestmate's like statement (likes-repository.ts): one round trip that refuses the owner and a missing listing.
const LIKE = `with target as (
    select id, owner_id from listing where id = $1 for key share
  ), liked as (
    insert into listing_like (listing_id, user_id)
    select id, $2 from target where owner_id <> $2
    on conflict do nothing
    returning listing_id
  ), counted as (
    update listing set likes = likes + 1 where id = $1 and exists (select 1 from liked)
    returning likes, number, owner_id
  ), unchanged as (
    select likes, number, owner_id from listing where id = $1 and not exists (select 1 from liked) for share
  )
  select row.likes, row.number, row.owner_id = $2 as "isOwner", u.email as "userEmail"
  from (select * from counted union all select * from unchanged) as row
  join "user" as u on u.id = row.owner_id`

export async function like(pool: Queryable, id: string, userId: string): Promise<Answer> {
  const { rows } = await sql(pool, LIKE, [id, userId])
  if (!rows[0]) return { status: 404, body: { error: 'Listing not found.' } }
  const { likes, number, isOwner, userEmail } = rows[0]
  if (isOwner) return { status: 403, body: { error: "You can't like your own post" } }
  return { status: 200, body: { likes, liked: true, ...(number ? { number } : {}), userEmail } }
}

// The household facts are written as the form sends them (a listing without a place, as the benchmark posts).
const FACTS = Object.keys(LISTING_FACTS)
const CREATE = `insert into listing (owner_id, title, location, rent, room_type, lifestyle, description, contact, number,
    availability, likes, ${FACTS.map(snakeCase).join(', ')})
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 0, ${FACTS.map((_, i) => `$${11 + i}`).join(', ')}) returning id`

export async function create(
  pool: Queryable,
  userId: string,
  input: Record<string, unknown>,
): Promise<Answer> {
  const { rows } = await sql(pool, CREATE, [
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
    ...FACTS.map((name) => input[name] ?? null),
  ])
  counts.clear()
  ownCounts.clear()
  return { status: 201, body: { success: true, insertedId: rows[0].id } }
}
