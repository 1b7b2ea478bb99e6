import { createBestMatchPrefixes, startAfter } from '../src/server/routes/listings/best-match-prefixes.ts'
import { SUMMARY } from './reference-columns.ts'
import { count, encodeCursor, FROM, sql, type Answer, type Queryable } from './reference-sql.ts'

// Reference 1's browse by best match: the score over living_profile's masks and each viewer's prefix of the order,
// written out by hand for raw pg as Nestmate's best-match-queries.ts and best-match-prefixes.ts build them.

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
// A wish the other side meets weighs 10 whatever its importance; a missed one its own weight (decision 074).
function satisfaction(from: string, to: string) {
  const met = `10 * ${bitCount(`${to}.answer_bits & ${from}.accepted_bits`)}`
  const missed = weighted((mask) => bitCount(`${to}.answer_bits & ~${from}.accepted_bits & ${from}.${mask}`))
  const total = `(${met}) + (${missed})`
  return `(case when ${total} = 0 then 1.0::float8 else (${met})::float8 / (${total}) end)`
}
const SCORE = `(case when ${bitCount('p.answer_bits & v.answered_bits')} < 3 then null
  else floor(100 * sqrt(${satisfaction('v', 'p')} * ${satisfaction('p', 'v')}) + 0.5)::int end)`

/** The viewer `v`'s score with the profile `p`. */
export const MATCH_SCORE = SCORE

// The same prefix rules as Nestmate (decision 027): each viewer's first 300 listings in best-match order, fresh for
// 10 s, then used while a new one is worked out in the background.
const SCORED = `with v as (select * from living_profile where user_id = $1)
  select p.user_id, ${SCORE} as match, ${bitCount('v.interest_bits & p.interest_bits')}::int as shared
  from living_profile p, v where p.user_id <> $1 offset 0`
const PREFIX = 300
// Rooms Not Available after every available one (browse-queries.ts's matchKey).
const MATCH_KEY = `(coalesce(s.match, -1) - case when l.availability = 'Available' then 0 else 1000 end)`
const prefixes = createBestMatchPrefixes(async (userId: string, pool: Queryable) => {
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
export async function browseMatch(pool: Queryable, url: URL, userId: string | null): Promise<Answer> {
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
  return { status: 200, headers, body: page.map(({ key: _key, ...row }) => row) }
}
