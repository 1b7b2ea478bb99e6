import { API } from '#shared/api.ts'
import { PLACES_LIMIT, placeLabel, type Place } from '#shared/place-values.ts'
import { api } from '../../lib/api.ts'

/** Gazetteer places whose name starts with `query`, biggest first (the server ignores case and accents). */
export function searchPlaces(query: string, signal?: AbortSignal): Promise<Place[]> {
  const params = new URLSearchParams({ q: query, limit: String(PLACES_LIMIT.default) })
  return api<Place[]>(`${API.places}?${params}`, { signal })
}

/** The gazetteer's best match for a name as typed (the biggest place it names), or null when none has that name. */
export async function bestPlace(
  query: string,
  signal?: AbortSignal,
): Promise<{ id: number; label: string } | null> {
  const [best] = await searchPlaces(query, signal)
  return best ? { id: best.id, label: placeLabel(best) } : null
}
