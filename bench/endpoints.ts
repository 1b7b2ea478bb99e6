import { sampleListing } from '../src/shared/sample-listing.ts'
import type { SeedInfo } from './seed.ts'

/** One measured call. `paths` rotate per request, `cookies` too (several people signed in). */
export type Endpoint = {
  name: string
  method: 'GET' | 'POST' | 'PATCH'
  paths: string[]
  signedIn: boolean
  body?: string
  /** Reads get a ceiling reference (a pre-serialized answer); writes don't have a fixed answer. */
  read: boolean
  /** Path i is the i-th signed-in person's own (their listing): sent with cookie i, never another's. */
  pathPerPerson?: boolean
}

const NEW_LISTING = JSON.stringify(sampleListing())

export function endpoints(seed: SeedInfo): Endpoint[] {
  const browse = '/api/roommate-listings'
  const details = seed.listingIds.slice(0, 100).map((id) => `${browse}/${id}`)
  return [
    { name: 'browse: first page', method: 'GET', paths: [browse], signedIn: false, read: true },
    {
      name: 'browse: deep cursor page',
      method: 'GET',
      paths: [`${browse}?cursor=${seed.deepCursor}`],
      signedIn: false,
      read: true,
    },
    {
      name: 'browse: filters',
      method: 'GET',
      paths: [`${browse}?roomType=Studio&minRent=800&maxRent=1500`],
      signedIn: false,
      read: true,
    },
    {
      name: 'browse: search',
      method: 'GET',
      paths: [`${browse}?q=${seed.searchTerm}`],
      signedIn: false,
      read: true,
    },
    {
      name: 'browse: near a place',
      method: 'GET',
      paths: [`${browse}?near=${seed.nearPlace}`],
      signedIn: false,
      read: true,
    },
    {
      name: 'browse: nearest first',
      method: 'GET',
      paths: [`${browse}?near=${seed.nearPlace}&sort=distance`],
      signedIn: false,
      read: true,
    },
    {
      name: 'places: autocomplete',
      method: 'GET',
      // What people type, a letter at a time: short prefixes walk the most names.
      paths: ['b', 'be', 'ber', 'berl', 'sao', 'zur', 'mel', 'new y', 'lon', 'fitz'].map(
        (q) => `/api/places?q=${encodeURIComponent(q)}`,
      ),
      signedIn: false,
      read: true,
    },
    {
      name: 'browse: best match (signed in)',
      method: 'GET',
      paths: [`${browse}?sort=match`],
      signedIn: true,
      read: true,
    },
    {
      name: 'rooms wanted: first page',
      method: 'GET',
      paths: ['/api/seeker-ads'],
      signedIn: false,
      read: true,
    },
    {
      name: 'rooms wanted: near a place',
      method: 'GET',
      paths: [`/api/seeker-ads?near=${seed.nearPlace}`],
      signedIn: false,
      read: true,
    },
    {
      name: 'rooms wanted: best match (signed in)',
      method: 'GET',
      paths: ['/api/seeker-ads?sort=match'],
      signedIn: true,
      read: true,
    },
    ...(seed.ownListingIds
      ? [
          {
            name: "a listing's fitting seekers (its poster)",
            method: 'GET' as const,
            paths: seed.ownListingIds.map((id) => `${browse}/${id}/seekers`),
            signedIn: true,
            read: true,
            pathPerPerson: true,
          },
        ]
      : []),
    {
      name: 'browse: household filters',
      method: 'GET',
      paths: [`${browse}?furnished=true&maxStay=6`],
      signedIn: false,
      read: true,
    },
    { name: 'featured', method: 'GET', paths: ['/api/featured-roommates'], signedIn: false, read: true },
    { name: 'details (signed in)', method: 'GET', paths: details, signedIn: true, read: true },
    {
      name: "viewing times: a listing's 21 days",
      method: 'GET',
      paths: seed.viewingListingIds.map((id) => `${browse}/${id}/viewing-times`),
      signedIn: true,
      read: true,
    },
    { name: 'stats', method: 'GET', paths: ['/api/stats'], signedIn: false, read: true },
    { name: 'stats (signed in)', method: 'GET', paths: ['/api/stats'], signedIn: true, read: true },
    {
      name: 'like',
      method: 'PATCH',
      paths: seed.listingIds.map((id) => `/api/listings/${id}/like`),
      signedIn: true,
      read: false,
    },
    { name: 'post listing', method: 'POST', paths: [browse], signedIn: true, body: NEW_LISTING, read: false },
  ]
}
