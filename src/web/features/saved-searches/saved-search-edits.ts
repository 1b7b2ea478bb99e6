import type { SavedSearch } from '#shared/saved-searches.ts'

// What the saved-searches page's action answers, for the item and the page to say what happened.

/** A deleted search as it was, enough to save it again (Undo). */
export type DeletedSearch = Pick<SavedSearch, '_id' | 'name' | 'query' | 'alert'>

export type SavedSearchEdit = {
  /** What was saved, in words, for the page's status line. */
  done?: string
  error?: string
  deleted?: DeletedSearch
  /** The search saved again by Undo, and which deletion it undid. */
  restored?: { savedSearch: SavedSearch; from: string }
}

/** Fetcher keys shared by an item (which goes when deleted) and the page (which offers Undo). */
export const DELETE_FETCHER = 'saved-search-delete'
export const RESTORE_FETCHER = 'saved-search-restore'
