import type { BrowseQuery } from '#shared/listing.ts'

// What browse refuses beyond its query's schema, shared with the saved searches (which keep browse views and must
// refuse what browse refuses, with the same words).

export const BROWSE_REFUSALS = {
  distanceWithoutNear: 'sort=distance needs a place to measure from (near=).',
  unknownPlace: 'Unknown place.',
}

/** Browse's refusal of a query its schema accepted, or undefined (the place itself is looked up by the caller). */
export function browseRefusal(query: Pick<BrowseQuery, 'sort' | 'near'>): string | undefined {
  if (query.sort === 'distance' && query.near === undefined) return BROWSE_REFUSALS.distanceWithoutNear
  return undefined
}
