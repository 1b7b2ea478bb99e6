import { expect, test } from 'vitest'
import { getTableColumns } from 'drizzle-orm'
import { savedSearch } from '../db/schema/index.ts'
import { listingFilters } from '../listings/listing-filters.ts'
import { placeholderNames } from './inverse-match.ts'

// A browse filter added without its saved-search column would make the matcher throw at start; this names it.

test('every browse filter has saved-search columns for its parameter and each value it binds', () => {
  const columns = Object.keys(getTableColumns(savedSearch))
  for (const filter of listingFilters.filters) {
    expect(columns, filter.key).toContain(filter.key)
    for (const name of placeholderNames(filter)) expect(columns, `${filter.key}: ${name}`).toContain(name)
  }
})
