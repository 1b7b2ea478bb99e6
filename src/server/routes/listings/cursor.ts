import type { Sort } from '../../../shared/listing.ts'

/** A keyset position: the last row's sort value and id. Opaque to clients (base64url JSON). */
export type Cursor = { value: number | string; id: string }

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url')
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Returns null for anything that isn't a cursor this sort could have produced. */
export function decodeCursor(raw: string, sort: Sort): Cursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    if (!Array.isArray(parsed) || parsed.length !== 2) return null
    const [value, id] = parsed as [unknown, unknown]
    if (typeof id !== 'string' || !UUID.test(id)) return null
    if (sort === 'newest') {
      return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? { value, id } : null
    }
    return typeof value === 'number' && Number.isInteger(value) ? { value, id } : null
  } catch {
    return null
  }
}
