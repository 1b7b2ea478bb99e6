import { OPENED_SEARCH_PARAM } from '#shared/saved-search-values.ts'
import { markSavedSearchSeen } from './api.ts'

/** The last view opened as a saved search and its new rooms: coming Back to it from a room keeps their labels. */
let lastOpened: { url: string; ids: string[] } | undefined

/**
 * A browse view opened as a saved search (from the dashboard or an alert mail, `savedSearch=<id>`): its owner has
 * now seen its rooms, so its new count starts again; answers the rooms that were new (their cards say "New").
 * Anyone else (signed out, not the owner) changes nothing: the server answers 401 or 404, and the page shows the
 * view all the same. Browse waits for it beside its results, so a dashboard opened next counts nothing new.
 * Opened again with nothing new since (Back from a room, a reload of the data), the same view keeps its labels.
 */
export async function markOpenedSearchSeen(url: URL): Promise<string[]> {
  const id = url.searchParams.get(OPENED_SEARCH_PARAM)
  if (!id) return []
  const fresh = (await markSavedSearchSeen(id).catch(() => undefined))?.newListingIds ?? []
  if (fresh.length === 0 && lastOpened?.url === url.href) return lastOpened.ids
  lastOpened = { url: url.href, ids: fresh }
  return fresh
}
