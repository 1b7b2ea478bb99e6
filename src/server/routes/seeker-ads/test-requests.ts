import type { App } from '../../app.ts'
import { injectAs, type TestUser } from '../../test/app.ts'

// Calls and places the room-wanted tests share (tests only).

// GeoNames places around Berlin, and one far away.
export const BERLIN = 2950159
export const KOEPENICK = 2885657 // ~14.6 km from Berlin's centre
export const POTSDAM = 2852458 // ~26.6 km
export const LEEDS = 2644688 // ~950 km

/** An ad as a client writes it; overrides may be anything, to test what the API refuses. */
export type AdInput = Record<string, unknown>

export const sampleAd = (overrides: AdInput = {}): AdInput => ({
  headline: 'Quiet nurse looking for a room',
  about: 'I work nights twice a week and cook a lot.',
  budget: 700,
  roomTypes: ['Single', 'Studio'],
  areas: [{ placeId: BERLIN, radiusKm: 10 }],
  moveInFrom: '2026-12-15',
  minStayMonths: 6,
  billsIncluded: true,
  ...overrides,
})

export const putAdAs = (app: App, user: TestUser | null, payload: unknown) =>
  injectAs(app, user, { method: 'PUT', url: '/api/seeker-ad', payload: payload as object })

export const myAdAs = (app: App, user: TestUser | null) =>
  injectAs(app, user, { method: 'GET', url: '/api/seeker-ad' })

export const adAs = (app: App, user: TestUser | null, id: string) =>
  injectAs(app, user, { method: 'GET', url: `/api/seeker-ads/${id}` })

export const seekersAs = (app: App, user: TestUser | null, listingId: string, query = '') =>
  injectAs(app, user, { method: 'GET', url: `/api/roommate-listings/${listingId}/seekers${query}` })

/** Writes the person's ad; answers its id, or throws with the API's answer. */
export async function createAd(app: App, user: TestUser, overrides: AdInput = {}) {
  const response = await putAdAs(app, user, sampleAd(overrides))
  if (response.statusCode !== 201) throw new Error(`ad: ${response.statusCode} ${response.body}`)
  return response.json<{ seekerAd: { _id: string } }>().seekerAd._id
}
