import { expect, test } from 'vitest'
import { placeLabel } from '#shared/place-values.ts'
import { gazetteer } from '../places/gazetteer.ts'
import { insertDemoData } from './demo-data.ts'
import { demoPlaces } from './demo-places.ts'
import type { LivingProfileAnswers } from '#shared/living-profile.ts'
import { sql } from 'drizzle-orm'
import { EARLY_BIRD, putProfile } from '../routes/living-profile/test-profiles.ts'
import { createListing, injectAs, signUp, useTestApp } from '../test/app.ts'

test('every demo listing sits in a real place, labelled and placed as the gazetteer has it', () => {
  for (const { place } of demoPlaces) {
    const entry = gazetteer.find(place.placeId)
    expect(entry, place.placeName).toBeDefined()
    expect(place).toEqual({
      placeId: entry!.id,
      placeName: placeLabel(entry!),
      lat: entry!.lat,
      lon: entry!.lon,
    })
  }
})

const t = useTestApp()

test('a newcomer who fills a living profile sees scores on the demo listings at once, and their household', async () => {
  expect(await insertDemoData(t.database.db)).toBeGreaterThan(20)
  const newcomer = await signUp(t.app)
  await putProfile(t.app, newcomer, { ...EARLY_BIRD, answers: { ...EARLY_BIRD.answers, ...MORE } })
  const response = await injectAs(t.app, newcomer, {
    method: 'GET',
    url: '/api/roommate-listings?sort=match&limit=100',
  })
  const listings = response.json<{ _id: string; match: number | null }[]>()
  const scores = listings.map((listing) => listing.match)
  expect(scores.every((score) => typeof score === 'number')).toBe(true)
  // Not one made-up number for all: the demo posters differ.
  expect(new Set(scores).size).toBeGreaterThan(2)
  const details = await injectAs(t.app, newcomer, {
    method: 'GET',
    url: `/api/roommate-listings/${listings[0]!._id}`,
  })
  expect(details.json().match.score).toBe(scores[0])
  // Demo listings state their household, some facts left unsaid as real posters do.
  expect([null, 1, 3, 6, 12]).toContain(details.json().minStayMonths)
  const withFacts = await injectAs(t.app, null, {
    method: 'GET',
    url: '/api/roommate-listings?furnished=true',
  })
  expect(Number(withFacts.headers['x-total-count'])).toBeGreaterThan(0)
})

test('demo listings and their posters are marked as examples everywhere, with fictional phone numbers', async () => {
  await insertDemoData(t.database.db)
  const person = await signUp(t.app)
  await createListing(t.app, person, { title: 'A real room' })
  const browse = (
    await injectAs(t.app, null, { method: 'GET', url: '/api/roommate-listings?limit=100' })
  ).json<{ _id: string; title: string; isExample: boolean }[]>()
  const real = browse.filter((listing) => listing.title === 'A real room')
  expect(real.map((listing) => listing.isExample)).toEqual([false])
  const demo = browse.filter((listing) => listing.title !== 'A real room')
  expect(demo.length).toBeGreaterThan(20)
  expect(demo.every((listing) => listing.isExample)).toBe(true)
  const featured = (await injectAs(t.app, null, { method: 'GET', url: '/api/featured-roommates' })).json<
    { title: string; isExample: boolean }[]
  >()
  for (const listing of featured) expect(listing.isExample).toBe(listing.title !== 'A real room')
  // What a like reveals is made up too: a number in the range kept for fiction, an address no mail reaches.
  const like = await injectAs(t.app, person, {
    method: 'PATCH',
    url: `/api/listings/${demo[0]!._id}/like`,
    payload: {},
  })
  expect(like.json().number).toMatch(/^\+1 \(\d{3}\) 555-01\d\d$/)
  expect(like.json().userEmail).toMatch(/@demo\.nestmate\.test$/)
  const details = await injectAs(t.app, person, {
    method: 'GET',
    url: `/api/roommate-listings/${demo[0]!._id}`,
  })
  expect(details.json()).toMatchObject({
    isExample: true,
    contact: expect.stringMatching(/^https:\/\/example\.com\//),
  })
})

const MORE = {
  guests: { answer: 'monthly', accepted: ['rarely', 'monthly'], importance: 'somewhat' },
  pets: { answer: 'none', accepted: ['none', 'small'], importance: 'very' },
} as const

type Facts = { lifestyle: string; smokingAllowed: boolean | null; petsAllowed: boolean | null }

/** What a reader of a demo listing would see contradicted by its poster's living profile. */
function contradictions({ lifestyle, smokingAllowed, petsAllowed }: Facts, answers: LivingProfileAnswers) {
  const own = (id: string) => answers[id]?.answer
  const accepts = (id: string, answer: string) => answers[id]?.accepted.includes(answer) ?? false
  const found = [
    [smokingAllowed === false && own('smoking') === 'inside', 'smokes indoors; smoking not allowed'],
    [smokingAllowed === false && accepts('smoking', 'inside'), 'fine with indoor smoking; not allowed'],
    [smokingAllowed === true && !accepts('smoking', 'outside'), 'smoking allowed; accepts no smoker'],
    [petsAllowed === false && own('pets') !== 'none', 'has a pet; pets not allowed'],
    [petsAllowed === false && !accepts('pets', 'none'), 'wants a pet; pets not allowed'],
    [petsAllowed === true && !accepts('pets', 'cat_dog'), 'pets allowed; accepts no cat or dog'],
    [/no smoking/i.test(lifestyle) && own('smoking') !== 'no', '“no smoking”; smokes'],
    [/early riser/i.test(lifestyle) && own('bedtime') !== 'early', '“early riser”; goes to bed late'],
    [/night owl/i.test(lifestyle) && own('bedtime') !== 'night_owl', '“night owl”; goes to bed early'],
    [/quiet|calm/i.test(lifestyle) && own('liveliness') !== 'quiet', '“quiet”; likes a lively home'],
    [
      /works from home|remote/i.test(lifestyle) && own('home_working') === 'rarely',
      'works from home; rarely',
    ],
    [/tidy/i.test(lifestyle) && own('tidiness') === 'relaxed', '“tidy”; relaxed about mess'],
    [/occasional guests/i.test(lifestyle) && own('guests') === 'daily', '“occasional guests”; daily'],
    [/cat-friendly/i.test(lifestyle) && !accepts('pets', 'cat_dog'), '“cat-friendly”; no cats'],
    [/shares groceries/i.test(lifestyle) && own('sharing') === 'separate', 'shares groceries; keeps apart'],
  ] as const
  return found.filter(([isContradicted]) => isContradicted).map(([, what]) => what)
}

test('every demo poster’s living profile agrees with what their listings say', async () => {
  await insertDemoData(t.database.db)
  type Row = Facts & { title: string; answers: LivingProfileAnswers }
  const rows = (await t.database.db.execute(sql`
    select l.title, l.lifestyle, l.smoking_allowed as "smokingAllowed", l.pets_allowed as "petsAllowed", p.answers
    from listing l join living_profile p on p.user_id = l.owner_id
    join "user" u on u.id = l.owner_id where u.email like '%@demo.nestmate.test'`)) as unknown as {
    rows: Row[]
  }
  expect(rows.rows.length).toBeGreaterThan(20)
  for (const row of rows.rows) expect(contradictions(row, row.answers), row.title).toEqual([])
  // Still a varied set: homes that allow smoking and that don't, pets allowed, refused and unsaid.
  expect(new Set(rows.rows.map((row) => row.smokingAllowed))).toEqual(new Set([true, false]))
  expect(new Set(rows.rows.map((row) => row.petsAllowed))).toEqual(new Set([true, false, null]))
  expect(new Set(rows.rows.map((row) => row.lifestyle)).size).toBe(5)
})
