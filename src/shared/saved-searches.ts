import { z } from 'zod'
import { NUL_FREE } from './text.ts'

// The saved-searches contract (docs/api.md, Saved searches): a person keeps browse views and is told by e-mail of
// rooms new to them.

import { ALERTS, SAVED_SEARCH_NAME_MAX } from './saved-search-values.ts'

export * from './saved-search-values.ts'
/** The longest browse query a search may keep (browse's own parameters are far shorter together). */
export const SAVED_QUERY_MAX = 1000
/** A daily digest lists this many rooms, then "and N more". */
export const DIGEST_LISTINGS_MAX = 10

export const AlertSchema = z.enum(ALERTS, { error: 'alert must be instant, daily or off.' })

export const SavedSearchNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Name is required.' : 'Name must be text.') })
  .trim()
  .min(1, 'Name is required.')
  .max(SAVED_SEARCH_NAME_MAX, `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters.`)
  .refine(NUL_FREE.check, NUL_FREE.message('Name'))
  .refine((name) => !/[\r\n]/.test(name), 'Name must be one line.')

/** The browse view as its address's query (`roomType=Single&near=2643743`); browse's own schema checks it. */
export const SavedQuerySchema = z
  .string({ error: 'query must be text.' })
  .max(SAVED_QUERY_MAX, `query must be at most ${SAVED_QUERY_MAX} characters.`)
  .transform((query) => query.replace(/^\?/, ''))

export const NewSavedSearchSchema = z.object({
  name: SavedSearchNameSchema,
  query: SavedQuerySchema,
  alert: AlertSchema.default('daily'),
})
export type NewSavedSearch = z.infer<typeof NewSavedSearchSchema>

/** What a PATCH changes; what it leaves out stays as it was. */
export const SavedSearchChangeSchema = z.object({
  name: SavedSearchNameSchema.optional(),
  alert: AlertSchema.optional(),
})
export type SavedSearchChange = z.infer<typeof SavedSearchChangeSchema>

export const SavedSearchSchema = z.object({
  _id: z.string(),
  name: z.string(),
  /** The browse view's query, without `cursor` and `limit`. */
  query: z.string(),
  alert: AlertSchema,
  createdAt: z.string(),
  /** Rooms that came to fit it (posted, or turned Available) since its owner last opened it. */
  newCount: z.number().int(),
})
export type SavedSearch = z.infer<typeof SavedSearchSchema>

export const SavedSearchResultSchema = z.object({ savedSearch: SavedSearchSchema })

/** The most rooms an opened search names as new ("New" on their cards); after a longer absence, the newest. */
export const NEW_LISTING_IDS_MAX = 200

/** The answer to opening a saved search: it, its count started again, and the rooms that were new to it. */
export const SeenSavedSearchSchema = SavedSearchResultSchema.extend({
  newListingIds: z
    .array(z.string())
    .describe(
      `The rooms new since its last opening, newest match first (at most ${NEW_LISTING_IDS_MAX}): browse marks them "New".`,
    ),
})
export type SeenSavedSearch = z.infer<typeof SeenSavedSearchSchema>

export const SavedSearchParamsSchema = z.object({ id: z.uuid({ error: 'Malformed saved search id.' }) })

/** The one-click unsubscribe's token (in the mail's link): the search and its signature. */
export const UnsubscribeQuerySchema = z.object({
  token: z
    .string({ error: 'The unsubscribe link is incomplete.' })
    .max(200, 'The unsubscribe link is not valid.'),
})
export const UnsubscribeResultSchema = z.object({ name: z.string(), alert: z.literal('off') })
