import { OPENED_SEARCH_PARAM } from '#shared/saved-search-values.ts'
import { markSavedSearchSeen } from './api.ts'

/**
 * A browse view opened as a saved search (from the dashboard or an alert mail, `savedSearch=<id>`): its owner has
 * now seen its rooms, so its new count starts again. Anyone else (signed out, not the owner) changes nothing: the
 * server answers 401 or 404, and the page shows the view all the same. Browse waits for it beside its results, so
 * a dashboard opened next counts nothing new.
 */
export async function markOpenedSearchSeen(params: URLSearchParams): Promise<void> {
  const id = params.get(OPENED_SEARCH_PARAM)
  if (id) await markSavedSearchSeen(id).catch(() => {})
}
