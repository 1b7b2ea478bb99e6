import { PAGE_SIZE, type BrowseQuery } from '#shared/listing.ts'
import { RADIUS_KM } from '#shared/place-values.ts'
import type { Database } from '../../db/client.ts'
import { createCountCache } from '../../db/count-cache.ts'
import { createStatementCache } from '../../db/statement-cache.ts'
import { countShape, prepareCount } from './browse-queries.ts'
import { listingFilters } from '../../listings/listing-filters.ts'
import type { Center } from '../../listings/near-plan.ts'

const ALL: BrowseQuery = { sort: 'rent_asc', limit: PAGE_SIZE, radiusKm: RADIUS_KM.default }

/**
 * Browse's totals, kept a few seconds once the table is large (decision 006), and each person's own listing count,
 * kept until this process writes (decision 010). `ownCount` counts one person's listings.
 */
export function createListingCounts(db: Database, ownCount: (ownerId: string) => Promise<number>) {
  const statements = createStatementCache<ReturnType<typeof prepareCount>>('listing_count')
  const counts = createCountCache()
  const ownCounts = createCountCache({ exactBelow: 0, maxEntries: 10_000 })

  const countOnce = async (query: BrowseQuery, near?: Center) => {
    const statement = statements(countShape(query), (name) => prepareCount(db, query, name))
    const [row] = await statement.execute(listingFilters.values(query, near))
    return row?.count ?? 0
  }
  const all = () => counts.get(countShape(ALL), () => countOnce(ALL))

  return {
    /** Every listing. */
    all,
    /** The listings a browse query's filters keep, kept by the size of the whole table (see count-cache.ts). */
    async filtered(query: BrowseQuery, near?: Center) {
      if (countShape(query) === countShape(ALL)) return all()
      return counts.get(listingFilters.key(query), () => countOnce(query, near), await all())
    },
    own: (ownerId: string) => ownCounts.get(ownerId, () => ownCount(ownerId)),
    /** This process wrote a listing. */
    clear() {
      counts.clear()
      ownCounts.clear()
    },
  }
}
