// The listing vocabulary without the schema library: the web app's public pages (browse filters, cards) use these
// constants without loading zod, whose schemas are built as the module that defines them is evaluated.
// src/shared/listing.ts builds its schemas from the same values and re-exports them.

import { factFilters, type FactFilterValues } from './fact-table.ts'
import { LISTING_FACTS } from './listing-facts.ts'

export * from './listing-facts.ts'

export const ROOM_TYPES = ['Single', 'Shared', 'Studio'] as const
export const AVAILABILITIES = ['Available', 'Not Available'] as const
export type RoomType = (typeof ROOM_TYPES)[number]
export type Availability = (typeof AVAILABILITIES)[number]

export const RENT_MAX = 1_000_000
export const LIMITS = {
  title: 120,
  location: 120,
  lifestyle: 300,
  description: 5000,
  contact: 300,
  number: 30,
}

// `distance` (nearest first) needs a place to measure from (near=); `match` (best match first) needs a signed-in
// caller with a living profile.
export const SORTS = ['rent_asc', 'rent_desc', 'newest', 'distance', 'match'] as const
export type Sort = (typeof SORTS)[number]
export const DEFAULT_SORT: Sort = 'rent_asc'
export const PAGE_SIZE = 24

/** Browse's filter parameters (near= with its radius), in the order a view writes them into its address. */
export type BrowseFilterParam =
  | 'roomType'
  | 'q'
  | 'minRent'
  | 'maxRent'
  | 'available'
  | 'near'
  | 'radiusKm'
  | keyof FactFilterValues<typeof LISTING_FACTS>
export const BROWSE_FILTER_PARAMS = [
  ...['roomType', 'q', 'minRent', 'maxRent', 'available', 'near', 'radiusKm'],
  ...factFilters(LISTING_FACTS).map(({ param }) => param),
] as BrowseFilterParam[]
