import { RENT_MAX } from '#shared/listing-values.ts'
import type { SeekerAdSort } from '#shared/seeker-ad.ts'

/**
 * A keyset position in an order of ads, every key descending: newest [created, id], budget_desc [budget, id],
 * match [match key, created, id]. Opaque to clients (base64url JSON).
 */
export type SeekerAdCursor = (number | string)[]

export const encodeSeekerCursor = (cursor: SeekerAdCursor) =>
  Buffer.from(JSON.stringify(cursor)).toString('base64url')

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const EXACT_TIME = /^(\d{4})-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/

// Only an instant in the form the statements write (microseconds): PostgreSQL refuses what Date.parse forgives.
const isTime = (value: unknown): value is string => {
  if (typeof value !== 'string') return false
  const match = EXACT_TIME.exec(value)
  if (!match || match[1] === '0000') return false
  const date = new Date(`${value.slice(0, 23)}Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 23) === value.slice(0, 23)
}
const isWhole = (min: number, max: number) => (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
const isId = (value: unknown) => typeof value === 'string' && UUID.test(value)

const SHAPES: Record<SeekerAdSort, ((value: unknown) => boolean)[]> = {
  newest: [isTime, isId],
  budget_desc: [isWhole(0, RENT_MAX), isId],
  // A score 0–100, or -1 for an ad without one.
  match: [isWhole(-1, 100), isTime, isId],
}

/** Null for anything that isn't a cursor this order could have produced. */
export function decodeSeekerCursor(raw: string, sort: SeekerAdSort): SeekerAdCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    const shape = SHAPES[sort]
    if (!Array.isArray(parsed) || parsed.length !== shape.length) return null
    return shape.every((test, index) => test(parsed[index])) ? (parsed as SeekerAdCursor) : null
  } catch {
    return null
  }
}
