import { RENT_MAX, type Sort } from '#shared/listing.ts'

/** A keyset position: the last row's sort value and id. Opaque to clients (base64url JSON). */
export type Cursor = { value: number | string; id: string }

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url')
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
/** The creation time exactly as browse-queries.ts writes it (`to_char(… 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`). */
const EXACT_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

/**
 * Only a real instant in our own form: PostgreSQL refuses what `Date.parse` forgives ("1", "2026-02-30"), and a
 * refusal there would be a 500. Round-tripping through Date catches impossible days and hours; year 0 doesn't exist.
 */
export function isExactTime(value: string): boolean {
  const match = EXACT_TIME.exec(value)
  if (!match || match[1] === '0000') return false
  const date = new Date(`${value.slice(0, 23)}Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === value.slice(0, 23)
}

/** A rent as the listing table can hold it: PostgreSQL refuses 1e308 for an integer column. */
const isRent = (value: unknown): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= RENT_MAX

/** Metres along the earth's surface: never more than half way round. */
const isDistance = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0 && value <= 21_000_000
/** How much lower a Not Available room's best-match key is than an available one's (browse-queries.ts's matchKey). */
export const NOT_AVAILABLE_OFFSET = 1000

/** A score, or -1 for the listings without one; NOT_AVAILABLE_OFFSET lower for a room Not Available. */
const isMatchKey = (value: unknown): value is number =>
  typeof value === 'number' &&
  Number.isInteger(value) &&
  ((value >= -1 && value <= 100) ||
    (value >= -1 - NOT_AVAILABLE_OFFSET && value <= 100 - NOT_AVAILABLE_OFFSET))

/** Returns null for anything that isn't a cursor this sort could have produced. */
export function decodeCursor(raw: string, sort: Sort): Cursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    if (!Array.isArray(parsed) || parsed.length !== 2) return null
    const [value, id] = parsed as [unknown, unknown]
    if (typeof id !== 'string' || !UUID.test(id)) return null
    if (sort === 'newest') return typeof value === 'string' && isExactTime(value) ? { value, id } : null
    if (sort === 'distance') return isDistance(value) ? { value, id } : null
    if (sort === 'match') return isMatchKey(value) ? { value, id } : null
    return isRent(value) ? { value, id } : null
  } catch {
    return null
  }
}
