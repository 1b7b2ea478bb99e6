import { describe, expect, test } from 'vitest'
import { kmBetween, PIN, roundPin } from '#shared/place-values.ts'
import { gazetteer } from '../../places/gazetteer.ts'
import { createListing, injectAs, sampleListing, signUp, useTestApp } from '../../test/app.ts'

// A poster may place the room more precisely than its town with a pin: stored and shown only to about 300 m, and
// browse measures from it. The place stays the gazetteer entry.

const t = useTestApp()
const ZURICH = 2657896

describe('a listing’s pin', () => {
  test('is stored rounded to the pin grid, shown so to others, and measured from', async () => {
    const zurich = gazetteer.find(ZURICH)!
    const owner = await signUp(t.app)
    const exact = { lat: zurich.lat + 0.0123456, lon: zurich.lon + 0.0098765 }
    const id = await createListing(t.app, owner, { placeId: ZURICH, ...exact })
    const viewer = await signUp(t.app)
    const seen = (
      await injectAs(t.app, viewer, { method: 'GET', url: `/api/roommate-listings/${id}` })
    ).json()
    expect(seen).toMatchObject({ placeId: ZURICH, placeName: 'Zürich, ZH, Switzerland', ...roundPin(exact) })
    expect([seen.lat, seen.lon]).not.toEqual([exact.lat, exact.lon])
    expect(kmBetween(seen, exact)).toBeLessThan(PIN.gridM / 1000)
    expect(roundPin(seen)).toEqual({ lat: seen.lat, lon: seen.lon })

    const near = await injectAs(t.app, null, {
      method: 'GET',
      url: `/api/roommate-listings?near=${ZURICH}&sort=distance&q=${encodeURIComponent(sampleListing().title)}`,
    })
    const card = near.json().find((listing: { _id: string }) => listing._id === id)
    expect(card.distanceKm).toBeCloseTo(kmBetween(zurich, seen), 1)
    expect(card.distanceKm).toBeGreaterThan(1)

    // Sent back as read, the pin stays; without one, the listing goes back to its place's point.
    const put = (body: Record<string, unknown>) =>
      injectAs(t.app, owner, {
        method: 'PUT',
        url: `/api/roommate-listings/${id}`,
        payload: sampleListing(body),
      })
    expect((await put({ placeId: ZURICH, lat: seen.lat, lon: seen.lon })).statusCode).toBe(200)
    const again = (
      await injectAs(t.app, viewer, { method: 'GET', url: `/api/roommate-listings/${id}` })
    ).json()
    expect([again.lat, again.lon]).toEqual([seen.lat, seen.lon])
    expect((await put({ placeId: ZURICH })).statusCode).toBe(200)
    const unpinned = (
      await injectAs(t.app, viewer, { method: 'GET', url: `/api/roommate-listings/${id}` })
    ).json()
    expect([unpinned.lat, unpinned.lon]).toEqual([zurich.lat, zurich.lon])
  })

  test.each([
    [{ lat: 47.4 }, 'lat and lon go together: send both, or neither.'],
    [{ lat: 47.4, lon: 8.5, placeId: '' }, 'A pin (lat, lon) needs a town or city (placeId) to be in.'],
    [
      { lat: 48.2, lon: 8.5, placeId: ZURICH },
      'The pin (lat, lon) must be within 30 km of Zürich, ZH, Switzerland.',
    ],
    [{ lat: 91, lon: 8.5, placeId: ZURICH }, 'lat must be a number from -90 to 90, or empty.'],
    [{ lat: 47.4, lon: 'east', placeId: ZURICH }, 'lon must be a number from -180 to 180, or empty.'],
  ])('refuses %j with a 400 that says why', async (fields, message) => {
    const owner = await signUp(t.app)
    const response = await injectAs(t.app, owner, {
      method: 'POST',
      url: '/api/roommate-listings',
      payload: sampleListing(fields),
    })
    expect([response.statusCode, response.json().error]).toEqual([400, message])
  })
})
