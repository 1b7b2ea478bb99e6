// The saved-search values the web app's public pages need without zod (decision 013): browse's "Save this search"
// dialog is on a public page. The schemas are in saved-searches.ts.

export const ALERTS = ['instant', 'daily', 'off'] as const
export type Alert = (typeof ALERTS)[number]
/** How many searches one person may keep. */
export const SAVED_SEARCHES_MAX = 10
export const SAVED_SEARCH_NAME_MAX = 60

/**
 * The browse address a saved search opens at, from the dashboard and from its alert mails: its view, and which
 * search it is (`savedSearch=<id>`), so that browse marks it seen for its signed-in owner (decision 057).
 */
export const OPENED_SEARCH_PARAM = 'savedSearch'
export function openSavedSearchPath(browsePath: string, id: string, query: string) {
  const params = new URLSearchParams(query)
  params.set(OPENED_SEARCH_PARAM, id)
  return `${browsePath}?${params.toString()}`
}
