import { expect, test } from 'vitest'
import { BROWSE_FILTER_PARAMS, BrowseQuerySchema } from '#shared/listing.ts'
import { listingFilters } from './listing-filters.ts'

// The filter table and the shared parameter list (which the web app's browse view reads) must name the same
// parameters, and the query schema must check each of them.

test("the filter table reads exactly browse's filter parameters, in their order", () => {
  const read = listingFilters.filters.flatMap((filter) => [filter.key, ...(filter.reads ?? [])])
  expect(read).toEqual(BROWSE_FILTER_PARAMS)
})

test('the query schema checks every filter parameter, beside the sort and the paging', () => {
  const checked = Object.keys(BrowseQuerySchema.shape).filter(
    (key) => !['sort', 'limit', 'cursor'].includes(key),
  )
  expect(checked.sort()).toEqual([...BROWSE_FILTER_PARAMS].sort())
})

test('each filter adds its own word to the statement names', () => {
  const words = listingFilters.filters.map((filter) => filter.word)
  expect(new Set(words).size).toBe(words.length)
  expect(words.every((word) => /^[a-zA-Z]+$/.test(word))).toBe(true)
})
