import { ne, sql, type SQL } from 'drizzle-orm'
import { livingProfile } from '../../db/schema/index.ts'
import { MET_WEIGHT, MIN_COMMON_QUESTIONS, WEIGHTS } from '#shared/questionnaire.ts'
import type { ProfileCodes } from '../../db/profile-codes.ts'

// The match formula over living_profile's bit masks (docs/decisions/024 and 074), the same arithmetic as
// src/shared/match.ts: `to.answerBits & from.acceptedBits` has one bit per question both answered where `to`'s
// answer is one `from` accepts (each weighs MET_WEIGHT), and `to.answerBits & ~from.acceptedBits & from.weightNBits`
// one per question both answered where it isn't and that weighs N to `from`.

export type Codes = Record<keyof ProfileCodes, SQL>

export const CODE_KEYS: (keyof ProfileCodes)[] = [
  'answerBits',
  'acceptedBits',
  'answeredBits',
  'weight1Bits',
  'weight10Bits',
  'weight50Bits',
  'weight250Bits',
  'interestBits',
]

const count = (mask: SQL) => sql`bit_count((${mask})::bit(64))`

const LEVELS = [
  [WEIGHTS.a_little, 'weight1Bits'],
  [WEIGHTS.somewhat, 'weight10Bits'],
  [WEIGHTS.very, 'weight50Bits'],
  [WEIGHTS.dealbreaker, 'weight250Bits'],
] as const

const weighted = (term: (level: (typeof LEVELS)[number][1]) => SQL) =>
  sql.join(
    LEVELS.map(([weight, level]) => sql`${sql.raw(String(weight))} * ${term(level)}`),
    sql` + `,
  )

/** sat(from → to) as a float8; 1 when nothing met or missed weighs anything. */
function satisfaction(from: Codes, to: Codes): SQL {
  const met = sql`${sql.raw(String(MET_WEIGHT))} * ${count(sql`${to.answerBits} & ${from.acceptedBits}`)}`
  const missed = weighted((level) => count(sql`${to.answerBits} & ~${from.acceptedBits} & ${from[level]}`))
  const total = sql`(${met}) + (${missed})`
  return sql`(case when ${total} = 0 then 1.0::float8 else (${met})::float8 / (${total}) end)`
}

/** round(100 · √(sat(V→P) · sat(P→V))), null with fewer than the minimum of questions in common. */
export function matchScore(viewer: Codes, poster: Codes): SQL<number | null> {
  const common = count(sql`${poster.answerBits} & ${viewer.answeredBits}`)
  // floor(x + 0.5), not round(): PostgreSQL rounds a float8 half to even, JavaScript's Math.round half up.
  return sql<number | null>`(case when ${common} < ${sql.raw(String(MIN_COMMON_QUESTIONS))} then null
    else floor(100 * sqrt(${satisfaction(viewer, poster)} * ${satisfaction(poster, viewer)}) + 0.5)::int end)`
}

export const sharedInterestCount = (viewer: Codes, poster: Codes) =>
  sql<number>`${count(sql`${viewer.interestBits} & ${poster.interestBits}`)}::int`

/** The viewer's codes as bound placeholders (`v_answerBits`, …) of a prepared statement. */
export const viewerPlaceholders = (): Codes =>
  Object.fromEntries(CODE_KEYS.map((key) => [key, sql`${sql.placeholder(`v_${key}`)}::bigint`])) as Codes

/** The values for viewerPlaceholders(). */
export const viewerValues = (codes: ProfileCodes) =>
  Object.fromEntries(CODE_KEYS.map((key) => [`v_${key}`, codes[key]]))

const posterCodes = Object.fromEntries(CODE_KEYS.map((key) => [key, sql`${livingProfile[key]}`])) as Codes

/**
 * Every other person's profile scored for the viewer (`user_id, match, shared_interests`), the viewer's masks bound
 * (viewerPlaceholders, `viewerId`), so one statement per shape serves everyone. `isFenced` (`offset 0`) keeps
 * PostgreSQL from merging it into a join, which would score each listing instead of each poster; unfenced, a
 * join that reads a few listings scores only their posters.
 */
export function scoredProfiles(isFenced: boolean): SQL {
  const viewer = viewerPlaceholders()
  return sql`(select ${livingProfile.userId} as user_id,
    ${matchScore(viewer, posterCodes)} as match,
    ${sharedInterestCount(viewer, posterCodes)} as shared_interests
    from ${livingProfile} where ${ne(livingProfile.userId, sql.placeholder('viewerId'))}${sql.raw(isFenced ? ' offset 0' : '')})`
}
