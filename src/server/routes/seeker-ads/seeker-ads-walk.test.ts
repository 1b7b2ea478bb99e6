import { beforeAll, describe, expect, test } from 'vitest'
import type { LivingProfileInput } from '#shared/living-profile.ts'
import { compareProfiles, type Profile } from '#shared/match.ts'
import { gazetteer } from '../../places/gazetteer.ts'
import { injectAs, signUp, type TestUser, useTestApp } from '../../test/app.ts'
import { EARLY_BIRD, NIGHT_OWL, putProfile } from '../living-profile/test-profiles.ts'
import { BERLIN, createAd, KOEPENICK, LEEDS, POTSDAM, putAdAs, sampleAd } from './test-requests.ts'

// Every filter, sort and cursor of Rooms wanted, walked page by page and held to a plain definition written here in
// TypeScript over the ads the test wrote.

const t = useTestApp()

type Area = { placeId: number; radiusKm: number }
type Written = {
  id: string
  order: number
  budget: number
  roomTypes: string[]
  areas: Area[]
  moveInFrom: string | null
  profile?: LivingProfileInput
  isActive: boolean
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

const PLACES = [BERLIN, KOEPENICK, POTSDAM, LEEDS]
const RADII = [5, 20, 35, 60, 200]
const TYPES = [['Single'], ['Shared'], ['Studio'], ['Single', 'Shared'], ['Single', 'Shared', 'Studio']]
const MOVE_IN = [null, '2026-12-01', '2026-12-31', '2027-01-15']
const PROFILES: (LivingProfileInput | undefined)[] = [EARLY_BIRD, NIGHT_OWL, undefined]

const written: Written[] = []
let viewer: TestUser

beforeAll(async () => {
  viewer = await signUp(t.app)
  await putProfile(t.app, viewer, EARLY_BIRD)
  for (let n = 0; n < 16; n++) {
    const seeker = await signUp(t.app)
    const profile = PROFILES[n % 3]
    if (profile) await putProfile(t.app, seeker, profile)
    const areas = [{ placeId: PLACES[n % 4]!, radiusKm: RADII[n % 5]! }]
    if (n % 3 === 0) areas.push({ placeId: PLACES[(n + 2) % 4]!, radiusKm: RADII[(n + 1) % 5]! })
    const ad = {
      budget: [400, 550, 600, 800, 1200][n % 5]! + (n % 2) * 50,
      roomTypes: TYPES[n % 5]!,
      areas,
      moveInFrom: MOVE_IN[n % 4]!,
    }
    const id = await createAd(t.app, seeker, { ...ad, headline: `Walk ${n}` })
    const isActive = n % 7 !== 6
    if (!isActive) await putAdAs(t.app, seeker, sampleAd({ ...ad, headline: `Walk ${n}`, status: 'paused' }))
    written.push({ id, order: n, ...ad, profile, isActive })
  }
  // The viewer's own ad: listed, never scored.
  const own = {
    budget: 650,
    roomTypes: ['Single'],
    areas: [{ placeId: BERLIN, radiusKm: 20 }],
    moveInFrom: null,
  }
  written.push({ id: await createAd(t.app, viewer, own), order: 16, ...own, isActive: true })
})

type Query = { near?: number; rent?: number; roomType?: string; moveInBy?: string }

function expected(query: Query, sort: 'newest' | 'budget_desc' | 'match'): string[] {
  const kept = written.filter(
    (ad) =>
      ad.isActive &&
      (query.near === undefined || ad.areas.some((area) => km(area.placeId, query.near!) <= area.radiusKm)) &&
      (query.rent === undefined || ad.budget >= query.rent) &&
      (query.roomType === undefined || ad.roomTypes.includes(query.roomType)) &&
      (query.moveInBy === undefined || ad.moveInFrom === null || ad.moveInFrom <= query.moveInBy),
  )
  const score = (ad: Written) =>
    ad.profile && ad.order !== 16
      ? (compareProfiles(EARLY_BIRD as Profile, ad.profile as Profile).score ?? -1)
      : -1
  const byId = (a: Written, b: Written) => (a.id < b.id ? 1 : -1)
  const order = {
    newest: (a: Written, b: Written) => b.order - a.order,
    budget_desc: (a: Written, b: Written) => b.budget - a.budget || byId(a, b),
    match: (a: Written, b: Written) => score(b) - score(a) || b.order - a.order,
  }[sort]
  return kept.sort(order).map((ad) => ad.id)
}

/** Every page of the query, following Link: rel="next", and the total the first page announced. */
async function walk(url: string) {
  const ids: string[] = []
  let next: string | undefined = url
  let total: string | undefined
  for (let pages = 0; next && pages < 50; pages++) {
    const response = await injectAs(t.app, viewer, { method: 'GET', url: next })
    expect(response.statusCode, response.body).toBe(200)
    total ??= response.headers['x-total-count'] as string
    ids.push(...response.json<{ _id: string }[]>().map((ad) => ad._id))
    next = /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ''))?.[1]
  }
  return { ids, total: Number(total) }
}

const QUERIES: Query[] = [
  {},
  { near: BERLIN },
  { near: POTSDAM },
  { near: KOEPENICK, rent: 500 },
  { near: LEEDS },
  { rent: 600 },
  { roomType: 'Shared' },
  { moveInBy: '2026-12-31' },
  { near: BERLIN, roomType: 'Single', moveInBy: '2026-12-01', rent: 400 },
]

describe.each(['newest', 'budget_desc', 'match'] as const)('sort=%s', (sort) => {
  test.each(QUERIES)('%j, three to a page, is the plain definition', async (query) => {
    const params = new URLSearchParams({ sort, limit: '3' })
    for (const [key, value] of Object.entries(query)) params.set(key, String(value))
    const want = expected(query, sort)
    const { ids, total } = await walk(`/api/seeker-ads?${params}`)
    expect(ids).toEqual(want)
    expect(total).toBe(want.length)
  })
})

test('the definition is not trivial: filters keep some ads and drop others', () => {
  for (const query of QUERIES.slice(1)) {
    const kept = expected(query, 'newest').length
    expect(kept, JSON.stringify(query)).toBeGreaterThan(0)
    expect(kept, JSON.stringify(query)).toBeLessThan(expected({}, 'newest').length)
  }
})

test('scores are the explained match, and null on one’s own ad', async () => {
  const response = await injectAs(t.app, viewer, { method: 'GET', url: '/api/seeker-ads?limit=100' })
  expect(response.headers['x-living-profile']).toBe('scored')
  for (const card of response.json<{ _id: string; match: number | null }[]>()) {
    const ad = written.find((entry) => entry.id === card._id)!
    const want =
      ad.profile && ad.order !== 16
        ? compareProfiles(EARLY_BIRD as Profile, ad.profile as Profile).score
        : null
    expect(card.match).toBe(want)
  }
  const anonymous = await injectAs(t.app, null, { method: 'GET', url: '/api/seeker-ads?limit=100' })
  expect(anonymous.json()[0]).not.toHaveProperty('match')
})
