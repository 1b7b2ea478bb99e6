import { describe, expect, it } from 'vitest'
import { factFilters } from '#shared/fact-table.ts'
import { LISTING_FACTS } from '#shared/listing-values.ts'
import { describeQuery } from './describe-query.ts'

describe('describeQuery', () => {
  it('describes a saved view in the words of its filters, in browse order', () => {
    const query = new URLSearchParams({
      roomType: 'Single',
      maxRent: '900',
      near: '2950159',
      nearName: 'Berlin, Germany',
      radiusKm: '20',
      moveInBy: '2026-12-01',
      furnished: 'true',
      maxStay: '6',
      sort: 'newest',
    })
    expect(describeQuery(query.toString(), 'USD')).toBe(
      'Single · up to $900 · within 20 km of Berlin · move in by 1 December 2026 · furnished · max stay 6 months · newest first',
    )
    expect(describeQuery('minStay=1&minRent=400&maxRent=700', 'EUR')).toBe('€400–€700 · min stay 1 month')
    expect(describeQuery('', 'USD')).toBe('Every room')
  })

  it('describes every fact filter of the fact table, each in words of its own', () => {
    const described = factFilters(LISTING_FACTS).map(({ param, fact, bound }) =>
      describeQuery(`${param}=${bound ? String(fact.sample) : 'true'}`, 'USD'),
    )
    expect(described).not.toContain('Every room')
    expect(new Set(described).size).toBe(described.length)
  })
})
