import { API } from '#shared/api.ts'
import { PLACES_LIMIT, type Place } from '#shared/place-values.ts'
import { api } from '../../lib/api.ts'

/** Gazetteer places whose name starts with `query`, biggest first (the server ignores case and accents). */
export function searchPlaces(query: string, signal?: AbortSignal): Promise<Place[]> {
  const params = new URLSearchParams({ q: query, limit: String(PLACES_LIMIT.default) })
  return api<Place[]>(`${API.places}?${params}`, { signal })
}
