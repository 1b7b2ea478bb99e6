import { sampleFacts } from './fact-table.ts'
import { LISTING_FACTS } from './listing-facts.ts'
import type { NewListing } from './listing.ts'

const SAMPLE: NewListing = {
  title: 'Sunny room near the park',
  location: 'Portland, OR',
  rent: 850,
  roomType: 'Single',
  lifestyle: 'Early riser, quiet evenings',
  description: 'A bright room in a calm shared flat.',
  contact: 'facebook.com/nestmate.tester',
  number: '+1 (503) 555-0100',
  availability: 'Available',
  ...sampleFacts(LISTING_FACTS),
  // No pin: a listing with a place sits at the place's own point.
  lat: null,
  lon: null,
}

/**
 * A complete, valid listing as a client sends it, with every field set. The API tests, the end-to-end tests,
 * the reliability suite and the benchmark all start from this one, so a new listing field is added here once (a
 * household fact's sample is in its row of ./listing-facts.ts).
 * Overrides may be invalid on purpose (tests of refusals).
 */
export function sampleListing(overrides: Record<string, unknown> = {}) {
  return { ...SAMPLE, ...overrides }
}
