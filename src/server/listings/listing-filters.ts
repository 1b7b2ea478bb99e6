import { eq, gte, ilike, lte, or } from 'drizzle-orm'
import { LISTING_FACTS, type BrowseQuery } from '#shared/listing.ts'
import { factFilterRows } from '../db/fact-sql.ts'
import { createFilterTable, type Filter } from '../db/filter-table.ts'
import { listing } from '../db/schema/index.ts'
import { shownToEveryone } from './listing-visibility.ts'
import { nearFilter, type Center, type NearPlan } from './near-plan.ts'

// Browse's filters (docs/decisions/029): what each keeps, in SQL with placeholders, and the word it adds to the
// names of the statements it shapes (`listing_page:rent_asc+room+max`). The parameters are the shared
// BROWSE_FILTER_PARAMS, which the web app's browse view reads too; the household ones come from the listing's facts.

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`)

type ListingFilter = Filter<BrowseQuery, NearPlan, Center | undefined>

const rows: ListingFilter[] = [
  { key: 'roomType', word: 'room', where: (value) => eq(listing.roomType, value) },
  {
    key: 'q',
    word: 'search',
    where: (pattern) => or(ilike(listing.title, pattern), ilike(listing.location, pattern))!,
    values: ({ q }) => ({ q: `%${escapeLike(q!)}%` }),
  },
  { key: 'minRent', word: 'min', where: (value) => gte(listing.rent, value) },
  { key: 'maxRent', word: 'max', where: (value) => lte(listing.rent, value) },
  {
    key: 'available',
    word: 'available',
    where: () => eq(listing.availability, 'Available'),
    values: () => ({}),
  },
  nearFilter,
  // A listing that doesn't say when it's free, or how long one must stay at most, isn't ruled out by those filters.
  ...factFilterRows<BrowseQuery, NearPlan, Center | undefined, typeof LISTING_FACTS>(LISTING_FACTS, listing),
]

const table = createFilterTable(rows)

/** The filters, and always: a listing hidden by moderation (reports, a moderator, a suspension) isn't browsed. */
export const listingFilters = {
  ...table,
  where: (query: BrowseQuery, plan: NearPlan) => [shownToEveryone, ...table.where(query, plan)],
}
