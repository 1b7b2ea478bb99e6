import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, test } from 'vitest'
import { gazetteer } from '../../places/gazetteer.ts'
import { createListing, injectAs, signUp, type TestUser, useTestApp } from '../../test/app.ts'

type Summary = { _id: string; placeId: number | null; placeName: string | null; distanceKm?: number }

// Berlin's centre and places around it, with GeoNames' coordinates.
const BERLIN = 2950159
const KOEPENICK = 2885657 // Berlin Köpenick, ~14.6 km
const POTSDAM = 2852458 // ~26.6 km
const LEEDS = 2644688 // ~950 km

const t = useTestApp()
let poster: TestUser
beforeAll(async () => {
  poster = await signUp(t.app, { name: 'Near Poster' })
})

const uniqueToken = () => `near${randomUUID().replaceAll('-', '').slice(0, 12)}`
const browse = (query: string) =>
  injectAs(t.app, null, { method: 'GET', url: `/api/roommate-listings?${query}` })

async function page(query: string): Promise<Summary[]> {
  const response = await browse(query)
  expect(response.statusCode, response.body).toBe(200)
  return response.json<Summary[]>()
}

/** Great-circle kilometres on earthdistance's sphere (radius 6,378.168 km). */
function km(fromId: number, toId: number): number {
  const [a, b] = [gazetteer.find(fromId)!, gazetteer.find(toId)!]
  const rad = Math.PI / 180
  const cos =
    Math.sin(a.lat * rad) * Math.sin(b.lat * rad) +
    Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.cos((a.lon - b.lon) * rad)
  return 6378.168 * Math.acos(Math.min(1, cos))
}

describe('a listing with a place', () => {
  test('keeps the place it was given, labelled, and answers it in browse and details', async () => {
    const token = uniqueToken()
    const id = await createListing(t.app, poster, { title: token, placeId: POTSDAM })
    const [summary] = await page(`q=${token}`)
    expect(summary).toMatchObject({
      placeId: POTSDAM,
      placeName: 'Potsdam, Germany',
      lat: 52.39886,
      lon: 13.06566,
    })
    expect(summary).not.toHaveProperty('distanceKm')
    const detail = await injectAs(t.app, poster, { method: 'GET', url: `/api/roommate-listings/${id}` })
    expect(detail.json()).toMatchObject({ placeId: POTSDAM, placeName: 'Potsdam, Germany' })
  })

  test('a form may send the place id as text; an empty one means no place', async () => {
    const token = uniqueToken()
    await createListing(t.app, poster, { title: token, placeId: String(BERLIN) })
    await createListing(t.app, poster, { title: token, placeId: '' })
    await createListing(t.app, poster, { title: token })
    const places = (await page(`q=${token}`)).map((listing) => listing.placeId)
    expect(places.sort()).toEqual([BERLIN, null, null].sort())
  })

  test('an unknown or malformed place id is a 400, on create and on edit', async () => {
    for (const placeId of [1, 999_999_999, -5, 'Berlin', 1.5]) {
      const response = await injectAs(t.app, poster, {
        method: 'POST',
        url: '/api/roommate-listings',
        payload: {
          title: 'x',
          location: 'y',
          rent: 1,
          roomType: 'Single',
          contact: 'a.example',
          advertiser: 'agent',
          placeId,
        },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ error: 'Unknown place.' })
    }
    const id = await createListing(t.app, poster, { placeId: BERLIN })
    const edit = (placeId?: unknown) =>
      injectAs(t.app, poster, {
        method: 'PUT',
        url: `/api/roommate-listings/${id}`,
        payload: {
          title: 'x',
          location: 'y',
          rent: 1,
          roomType: 'Single',
          contact: 'a.example',
          advertiser: 'agent',
          placeId,
        },
      })
    expect((await edit(2)).statusCode).toBe(400)
    expect((await edit(POTSDAM)).statusCode).toBe(200)
    const detail = () => injectAs(t.app, poster, { method: 'GET', url: `/api/roommate-listings/${id}` })
    expect((await detail()).json()).toMatchObject({ placeId: POTSDAM, lat: 52.39886 })
    // An edit without a place takes the place away, as it would any other field left empty.
    expect((await edit()).statusCode).toBe(200)
    expect((await detail()).json()).toMatchObject({ placeId: null, placeName: null, lat: null, lon: null })
  })
})

describe('browse near a place', () => {
  test('keeps listings within the radius (15 km by default), each with its distance to one decimal', async () => {
    const token = uniqueToken()
    const centre = await createListing(t.app, poster, { title: token, placeId: BERLIN })
    const koepenick = await createListing(t.app, poster, { title: token, placeId: KOEPENICK })
    const potsdam = await createListing(t.app, poster, { title: token, placeId: POTSDAM })
    await createListing(t.app, poster, { title: token, placeId: LEEDS })
    await createListing(t.app, poster, { title: token }) // no place: never near anything

    const near = await page(`q=${token}&near=${BERLIN}&sort=distance`)
    expect(near.map((listing) => listing._id)).toEqual([centre, koepenick])
    expect(near.map((listing) => listing.distanceKm)).toEqual([
      0,
      Math.round(km(BERLIN, KOEPENICK) * 10) / 10,
    ])

    const wider = await page(`q=${token}&near=${BERLIN}&radiusKm=30&sort=distance`)
    expect(wider.map((listing) => listing._id)).toEqual([centre, koepenick, potsdam])
    expect(wider[2]!.distanceKm).toBeCloseTo(km(BERLIN, POTSDAM), 1)
    const response = await browse(`q=${token}&near=${BERLIN}&radiusKm=30`)
    expect(response.headers['x-total-count']).toBe('3')
  })

  test('the radius is inclusive at its edge and excludes what lies just beyond', async () => {
    const token = uniqueToken()
    const potsdam = await createListing(t.app, poster, { title: token, placeId: POTSDAM })
    const distance = km(BERLIN, POTSDAM)
    const ids = async (radius: number) =>
      (await page(`q=${token}&near=${BERLIN}&radiusKm=${radius}`)).map((listing) => listing._id)
    expect(await ids(distance + 0.01)).toEqual([potsdam])
    expect(await ids(distance - 0.01)).toEqual([])
    expect(await ids(200)).toEqual([potsdam])
    expect(await ids(1)).toEqual([])
  })

  test('sort=distance walks every page nearest first with the cursor, ties broken by id', async () => {
    const token = uniqueToken()
    const created: string[] = []
    for (const placeId of [POTSDAM, BERLIN, KOEPENICK, BERLIN, POTSDAM, BERLIN, KOEPENICK])
      created.push(await createListing(t.app, poster, { title: token, placeId }))
    const seen: Summary[] = []
    let url: string | undefined =
      `/api/roommate-listings?q=${token}&near=${BERLIN}&radiusKm=50&sort=distance&limit=2`
    while (url) {
      const response = await injectAs(t.app, null, { method: 'GET', url })
      expect(response.statusCode).toBe(200)
      seen.push(...response.json<Summary[]>())
      url = /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''))?.[1]
    }
    expect(seen.map((listing) => listing._id).sort()).toEqual([...created].sort())
    const order = seen.map((listing) => [listing.distanceKm!, listing._id] as const)
    const sorted = [...order].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1))
    expect(order).toEqual(sorted)
  })

  test('other sorts and filters combine with near=', async () => {
    const token = uniqueToken()
    const cheap = await createListing(t.app, poster, { title: token, placeId: POTSDAM, rent: 300 })
    const dear = await createListing(t.app, poster, { title: token, placeId: BERLIN, rent: 900 })
    await createListing(t.app, poster, { title: token, placeId: LEEDS, rent: 100 })
    const ids = async (query: string) =>
      (await page(`q=${token}&near=${BERLIN}&radiusKm=40&${query}`)).map((listing) => listing._id)
    expect(await ids('sort=rent_asc')).toEqual([cheap, dear])
    expect(await ids('sort=rent_desc')).toEqual([dear, cheap])
    expect(await ids('maxRent=500')).toEqual([cheap])
  })

  test.each([
    ['near=1', 'Unknown place.'],
    ['near=abc', 'Unknown place.'],
    ['near=-3', 'Unknown place.'],
    [`near=${BERLIN}&radiusKm=0`, 'radiusKm must be 1 to 200.'],
    [`near=${BERLIN}&radiusKm=0.99`, 'radiusKm must be 1 to 200.'],
    [`near=${BERLIN}&radiusKm=200.01`, 'radiusKm must be 1 to 200.'],
    [`near=${BERLIN}&radiusKm=x`, 'radiusKm must be 1 to 200.'],
    ['sort=distance', 'sort=distance needs a place to measure from (near=).'],
    [
      `near=${BERLIN}&sort=distance&cursor=${Buffer.from('[-1,"00000000-0000-4000-8000-000000000000"]').toString('base64url')}`,
      'Malformed cursor.',
    ],
    [
      `near=${BERLIN}&sort=distance&cursor=${Buffer.from('["1","00000000-0000-4000-8000-000000000000"]').toString('base64url')}`,
      'Malformed cursor.',
    ],
  ])('400 for %s', async (query, error) => {
    const response = await browse(query)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error })
  })

  test('an empty near= is no filter', async () => {
    expect((await browse('near=&radiusKm=')).statusCode).toBe(200)
  })
})
