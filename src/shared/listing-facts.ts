import type { FactTable } from './fact-table.ts'

/**
 * The household facts a listing may state, each null when the poster didn't say: the one place a fact is
 * declared. The input and answer schemas, the columns and checks, browse's filters (and their parameters), the
 * answer's columns, the sample listing, the form, the details' facts, browse's household filters and a saved
 * search's words and columns (decision 048) are built from this table (docs/decisions/029). `npm run db:generate`
 * writes the migration; docs/api.md names each fact and filter parameter (listing-facts.test.ts checks it). The
 * order is the answer's.
 */
export const LISTING_FACTS = {
  advertiser: {
    kind: 'choice',
    label: 'Who is posting',
    options: {
      live_in_landlord: 'Landlord who lives there',
      live_out_landlord: 'Landlord who lives elsewhere',
      flatmate: 'Current flatmate',
      agent: 'Letting agent',
    },
    sample: 'flatmate',
    required: true,
    anyOfFilter: { label: 'Posted by' },
    onCard: true,
  },
  billsIncluded: { kind: 'yesNo', label: 'Bills included', sample: true, yesFilter: true },
  availableFrom: {
    kind: 'day',
    label: 'Free from',
    messageLabel: 'Move-in date',
    sample: '2026-12-01',
    filters: [{ param: 'moveInBy', label: 'Move in by', bound: 'atMost', keepsUnsaid: true }],
  },
  minStayMonths: {
    kind: 'wholeNumber',
    label: 'Minimum stay',
    unit: 'month',
    min: 1,
    max: 36,
    sample: 6,
    filters: [
      { param: 'minStay', label: 'Min stay (months)', bound: 'atLeast' },
      { param: 'maxStay', label: 'Max stay (months)', bound: 'atMost', keepsUnsaid: true },
    ],
  },
  furnished: { kind: 'yesNo', label: 'Furnished', sample: true, yesFilter: true },
  petsAllowed: { kind: 'yesNo', label: 'Pets allowed', sample: false, yesFilter: true },
  smokingAllowed: { kind: 'yesNo', label: 'Smoking allowed', sample: false, yesFilter: true },
  householdSize: { kind: 'wholeNumber', label: 'People already living there', min: 0, max: 12, sample: 2 },
} as const satisfies FactTable

export type ListingFactName = keyof typeof LISTING_FACTS
