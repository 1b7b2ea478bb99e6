import { describe, expect, test } from 'vitest'
import { createListing, signUp, useTestApp } from '../../test/app.ts'
import { EARLY_BIRD, NIGHT_OWL, putProfile } from '../living-profile/test-profiles.ts'
import { BERLIN, createAd, POTSDAM, putAdAs, sampleAd, seekersAs } from './test-requests.ts'

// A listing's fitting seekers (the fit rules of docs/architecture.md §3.7), each rule on a true and a false example.

const t = useTestApp()

const LISTING = { placeId: BERLIN, rent: 600, roomType: 'Single', availableFrom: '2026-12-01' }
const FITS = {
  areas: [{ placeId: BERLIN, radiusKm: 10 }],
  budget: 600,
  roomTypes: ['Single'],
  moveInFrom: '2026-12-01',
}

async function fitting(listing: Record<string, unknown>, ad: Record<string, unknown>) {
  const [poster, seeker] = [await signUp(t.app), await signUp(t.app)]
  const listingId = await createListing(t.app, poster, listing)
  const adId = await createAd(t.app, seeker, ad)
  const response = await seekersAs(t.app, poster, listingId, '?limit=100')
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ _id: string }[]>().some((row) => row._id === adId)
}

describe('the fit rules', () => {
  test.each([
    ['every rule met, at their bounds', LISTING, FITS, true],
    ['a budget one below the rent', LISTING, { ...FITS, budget: 599 }, false],
    ['a budget above the rent', LISTING, { ...FITS, budget: 900 }, true],
    ['a room type not among theirs', LISTING, { ...FITS, roomTypes: ['Shared', 'Studio'] }, false],
    ['the room type among several', LISTING, { ...FITS, roomTypes: ['Shared', 'Single'] }, true],
    ['moving in before the room is free', LISTING, { ...FITS, moveInFrom: '2026-11-30' }, false],
    ['no move-in date said', LISTING, { ...FITS, moveInFrom: null }, true],
    [
      'a listing that says no date',
      { ...LISTING, availableFrom: null },
      { ...FITS, moveInFrom: '2026-01-01' },
      true,
    ],
    [
      'an area too small to reach it (Potsdam, 10 km)',
      LISTING,
      { ...FITS, areas: [{ placeId: POTSDAM, radiusKm: 10 }] },
      false,
    ],
    [
      'a wide enough area (Potsdam, 35 km)',
      LISTING,
      { ...FITS, areas: [{ placeId: POTSDAM, radiusKm: 35 }] },
      true,
    ],
    [
      'a second area that reaches it',
      LISTING,
      {
        ...FITS,
        areas: [
          { placeId: POTSDAM, radiusKm: 5 },
          { placeId: BERLIN, radiusKm: 1 },
        ],
      },
      true,
    ],
  ] as const)('%s', async (_, listing, ad, fits) => {
    expect(await fitting({ ...listing }, { ...ad })).toBe(fits)
  })
})

describe('on a site of their own', () => {
  const t = useTestApp()

  test('a paused ad and the poster’s own ad are not listed', async () => {
    const [poster, seeker] = [await signUp(t.app), await signUp(t.app)]
    const listingId = await createListing(t.app, poster, LISTING)
    await createAd(t.app, poster, FITS)
    await createAd(t.app, seeker, FITS)
    await putAdAs(t.app, seeker, sampleAd({ ...FITS, status: 'paused' }))
    const response = await seekersAs(t.app, poster, listingId)
    expect([response.json(), response.headers['x-total-count']]).toEqual([[], '0'])
  })
})

describe('on a site of their own', () => {
  const t = useTestApp()

  test('best match first, then newest, paged with a cursor; the total is every fitting ad', async () => {
    const poster = await signUp(t.app)
    await putProfile(t.app, poster, EARLY_BIRD)
    const listingId = await createListing(t.app, poster, LISTING)
    const ids: string[] = []
    for (const profile of [undefined, NIGHT_OWL, EARLY_BIRD, undefined, EARLY_BIRD]) {
      const seeker = await signUp(t.app)
      if (profile) await putProfile(t.app, seeker, profile)
      ids.push(await createAd(t.app, seeker, FITS))
    }
    // EARLY_BIRD matches the poster best, NIGHT_OWL less; those without a profile come last, newest first.
    const want = [ids[4], ids[2], ids[1], ids[3], ids[0]]
    const seen: string[] = []
    let query = '?limit=2'
    for (let pages = 0; pages < 5 && query; pages++) {
      const response = await seekersAs(t.app, poster, listingId, query)
      expect(response.headers['x-total-count']).toBe('5')
      seen.push(...response.json<{ _id: string }[]>().map((row) => row._id))
      const link = /<[^?]+(\?[^>]+)>; rel="next"/.exec(String(response.headers.link ?? ''))
      query = link?.[1] ?? ''
    }
    expect(seen).toEqual(want)
    const first = (await seekersAs(t.app, poster, listingId)).json()
    expect(first[0].match).toBe(100)
    expect(first.at(-1).match).toBeNull()
  })
})

test('only the poster may ask, about a listing with a place', async () => {
  const [poster, stranger] = [await signUp(t.app), await signUp(t.app)]
  const listingId = await createListing(t.app, poster, LISTING)
  const placeless = await createListing(t.app, poster, { ...LISTING, placeId: null })
  expect((await seekersAs(t.app, null, listingId)).statusCode).toBe(401)
  const refused = await seekersAs(t.app, stranger, listingId)
  expect([refused.statusCode, refused.json()]).toEqual([
    403,
    { error: "Only a listing's poster sees the people looking near it." },
  ])
  const missing = await seekersAs(t.app, poster, '00000000-0000-4000-8000-000000000000')
  expect([missing.statusCode, missing.json()]).toEqual([404, { error: 'Listing not found.' }])
  const noPlace = await seekersAs(t.app, poster, placeless)
  expect([noPlace.statusCode, noPlace.json().error]).toEqual([
    400,
    'This listing has no place: choose its town first to see who is looking near it.',
  ])
  const badCursor = await seekersAs(t.app, poster, listingId, '?cursor=xyz')
  expect([badCursor.statusCode, badCursor.json().error]).toEqual([400, 'Malformed cursor.'])
})
