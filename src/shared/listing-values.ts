// The listing vocabulary without the schema library: the web app's public pages (browse filters, cards) use these
// constants without loading zod, whose schemas are built as the module that defines them is evaluated.
// src/shared/listing.ts builds its schemas from the same values and re-exports them.

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

/** Household facts with a range: months of minimum stay, people already living there. */
export const MIN_STAY_MONTHS = { min: 1, max: 36 }
export const HOUSEHOLD_SIZE = { min: 0, max: 12 }
/** The yes/no household facts, each a browse filter that keeps only the listings that say yes. */
export const YES_NO_FACTS = ['billsIncluded', 'furnished', 'petsAllowed', 'smokingAllowed'] as const
export type YesNoFact = (typeof YES_NO_FACTS)[number]
export const YES_NO_FACT_LABELS: Record<YesNoFact, string> = {
  billsIncluded: 'Bills included',
  furnished: 'Furnished',
  petsAllowed: 'Pets allowed',
  smokingAllowed: 'Smoking allowed',
}

// `distance` (nearest first) needs a place to measure from (near=); `match` (best match first) needs a signed-in
// caller with a living profile.
export const SORTS = ['rent_asc', 'rent_desc', 'newest', 'distance', 'match'] as const
export type Sort = (typeof SORTS)[number]
export const DEFAULT_SORT: Sort = 'rent_asc'
export const PAGE_SIZE = 24
