import { createHmac, timingSafeEqual } from 'node:crypto'
import { BrowseQuerySchema, type BrowseQuery } from '#shared/listing.ts'
import type { Place } from '#shared/place.ts'
import { HttpError } from '../plugins/errors.ts'
import { BROWSE_REFUSALS, browseRefusal } from '../listings/browse-refusals.ts'

// A saved browse view: its query read as browse reads its own (the same schema, the same refusals, the same
// words), and the signed token of its one-click unsubscribe.

/** Where a view's page starts, so they are not part of what is kept. */
const DROPPED = new Set(['cursor', 'limit'])

/**
 * The browse query of a saved view and the query string kept for it (without `cursor`, `limit` and empty
 * parameters), or a 400 with browse's message. A repeated parameter reaches the schema as a list, as it does
 * from browse's address.
 */
export function readSavedView(text: string, placeOf: (id: number) => Place | undefined) {
  const kept = new URLSearchParams()
  const raw: Record<string, string | string[]> = {}
  for (const [key, value] of new URLSearchParams(text)) {
    if (DROPPED.has(key) || value === '') continue
    kept.append(key, value)
    const before = raw[key]
    raw[key] = before === undefined ? value : [...(Array.isArray(before) ? before : [before]), value]
  }
  const parsed = BrowseQuerySchema.safeParse(raw)
  if (!parsed.success) throw new HttpError(400, parsed.error.issues[0]?.message ?? 'Invalid query.')
  const query: BrowseQuery = parsed.data
  const refusal = browseRefusal(query)
  if (refusal) throw new HttpError(400, refusal)
  const place = query.near === undefined ? undefined : placeOf(query.near)
  if (query.near !== undefined && !place) throw new HttpError(400, BROWSE_REFUSALS.unknownPlace)
  return { query, place, text: kept.toString() }
}

const sign = (secret: string, id: string) =>
  createHmac('sha256', secret).update(`saved-search-unsubscribe:${id}`).digest('base64url')

/** The unsubscribe token of one search: its id and a signature only the server can make. */
export const unsubscribeToken = (secret: string, id: string) => `${id}.${sign(secret, id)}`

/** The search a token names, or undefined when it isn't one the server signed. */
export function searchOfToken(secret: string, token: string): string | undefined {
  const [id, signature, ...rest] = token.split('.')
  if (!id || !signature || rest.length > 0 || !/^[0-9a-f-]{36}$/.test(id)) return undefined
  const expected = Buffer.from(sign(secret, id))
  const given = Buffer.from(signature)
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : undefined
}
