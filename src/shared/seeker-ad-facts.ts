import type { FactTable } from './fact-table.ts'
import { factFilters, type FactFilterValues } from './fact-table.ts'

/**
 * The facts a room-wanted ad may state, each null when its writer didn't say: the ad's half of the fact tables
 * (docs/decisions/029). Its schemas, columns, form fields, details and its move-in filter are built from this
 * table. The wishes are true or unset: a seeker says what they want, not what they refuse.
 */
export const SEEKER_AD_FACTS = {
  moveInFrom: {
    kind: 'day',
    label: 'Move in from',
    sample: '2026-12-15',
    // Asked of a poster on Rooms wanted: the day their room is free.
    filters: [{ param: 'moveInBy', label: 'Free by', bound: 'atMost', keepsUnsaid: true }],
  },
  minStayMonths: { kind: 'wholeNumber', label: 'Stay', unit: 'month', min: 1, max: 36, sample: 6 },
  billsIncluded: { kind: 'wish', label: 'Wants bills included', sample: true },
  furnished: { kind: 'wish', label: 'Wants it furnished', sample: null },
  hasPets: { kind: 'yesNo', label: 'Has pets', sample: false },
  smokes: { kind: 'yesNo', label: 'Smokes', sample: false },
} as const satisfies FactTable

export type SeekerAdFactName = keyof typeof SEEKER_AD_FACTS

export const SEEKER_AD_SORTS = ['newest', 'budget_desc', 'match'] as const
export type SeekerAdSort = (typeof SEEKER_AD_SORTS)[number]
export const SEEKER_AD_STATUSES = ['active', 'paused'] as const
export type SeekerAdStatus = (typeof SEEKER_AD_STATUSES)[number]

export const SEEKER_AD_LIMITS = {
  headline: 120,
  about: 2000,
  areas: 3,
  radiusKm: { min: 1, max: 200, default: 10 },
}

/** Rooms wanted's filter parameters, in the order its view writes them into its address. */
export const SEEKER_AD_FILTER_PARAMS = [
  'near',
  'rent',
  'roomType',
  ...factFilters(SEEKER_AD_FACTS).map(
    (filter) => filter.param as keyof FactFilterValues<typeof SEEKER_AD_FACTS>,
  ),
] as const

/** An ad's area as answers show it: a gazetteer place, its label, and how far from it the seeker would live. */
export type SeekerArea = { placeId: number; name: string; radiusKm: number }
