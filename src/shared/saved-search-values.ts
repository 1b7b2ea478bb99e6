// The saved-search values the web app's public pages need without zod (decision 013): browse's "Save this search"
// dialog is on a public page. The schemas are in saved-searches.ts.

export const ALERTS = ['instant', 'daily', 'off'] as const
export type Alert = (typeof ALERTS)[number]
/** How many searches one person may keep. */
export const SAVED_SEARCHES_MAX = 10
export const SAVED_SEARCH_NAME_MAX = 60
