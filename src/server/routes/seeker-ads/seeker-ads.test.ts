import { eq } from 'drizzle-orm'
import { seekerAd, seekerAdArea } from '../../db/schema/index.ts'
import { describe, expect, test } from 'vitest'
import { sampleFacts } from '#shared/fact-table.ts'
import { SEEKER_AD_FACTS } from '#shared/seeker-ad.ts'
import { injectAs, signUp, useTestApp } from '../../test/app.ts'
import { EARLY_BIRD, NIGHT_OWL, putProfile } from '../living-profile/test-profiles.ts'
import { adAs, BERLIN, createAd, LEEDS, myAdAs, POTSDAM, putAdAs, sampleAd } from './test-requests.ts'

const t = useTestApp()
const list = (query = '') => injectAs(t.app, null, { method: 'GET', url: `/api/seeker-ads${query}` })

describe("a person's own ad", () => {
  test('is written, read, replaced, paused and deleted by its owner', async () => {
    const seeker = await signUp(t.app, { name: 'Sam Seeker' })
    expect((await myAdAs(t.app, seeker)).json()).toEqual({ error: 'You have no room-wanted ad yet.' })

    const created = await putAdAs(t.app, seeker, sampleAd())
    expect(created.statusCode, created.body).toBe(201)
    const ad = created.json().seekerAd
    expect(ad).toEqual({
      _id: expect.any(String),
      headline: 'Quiet nurse looking for a room',
      about: 'I work nights twice a week and cook a lot.',
      budget: 700,
      roomTypes: ['Single', 'Studio'],
      areas: [{ placeId: BERLIN, name: 'Berlin, Germany', radiusKm: 10 }],
      status: 'active',
      hiddenReason: null,
      ...{ moveInFrom: '2026-12-15', minStayMonths: 6, billsIncluded: true },
      ...{ furnished: null, hasPets: null, smokes: null },
      userName: 'Sam Seeker',
      userPhoto: null,
      isExample: false,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      confirmedAt: expect.any(String),
      ...{ ownerVerified: false, referenceCount: 0, replyRate: null, replyHours: null },
    })
    expect((await myAdAs(t.app, seeker)).json()).toEqual({ ...ad, hidden: null })

    // A second PUT replaces the one ad: same id, same creation time, new fields and areas.
    const replaced = await putAdAs(
      t.app,
      seeker,
      sampleAd({ budget: 900, areas: [{ placeId: POTSDAM }, { placeId: LEEDS, radiusKm: 30 }] }),
    )
    expect(replaced.statusCode, replaced.body).toBe(200)
    expect(replaced.json().seekerAd).toMatchObject({
      _id: ad._id,
      createdAt: ad.createdAt,
      budget: 900,
      areas: [
        { placeId: POTSDAM, name: 'Potsdam, Germany', radiusKm: 10 },
        { placeId: LEEDS, name: 'Leeds, ENG, United Kingdom', radiusKm: 30 },
      ],
    })
    const areaRows = await t.database.db
      .select({ placeId: seekerAdArea.placeId })
      .from(seekerAdArea)
      .where(eq(seekerAdArea.adId, ad._id))
      .orderBy(seekerAdArea.position)
    expect(areaRows).toEqual([{ placeId: POTSDAM }, { placeId: LEEDS }])

    // Paused: its owner still sees it; nobody else, in the list or by its address.
    const paused = await putAdAs(t.app, seeker, sampleAd({ status: 'paused' }))
    expect(paused.json().seekerAd.status).toBe('paused')
    const stranger = await signUp(t.app)
    expect((await adAs(t.app, stranger, ad._id)).json()).toEqual({ error: 'Ad not found.' })
    expect((await adAs(t.app, seeker, ad._id)).json()).toMatchObject({ status: 'paused', isOwner: true })
    expect((await list('?limit=100')).json().map((row: { _id: string }) => row._id)).not.toContain(ad._id)

    const deleted = await injectAs(t.app, seeker, { method: 'DELETE', url: '/api/seeker-ad' })
    expect(deleted.json()).toEqual({ message: 'Ad deleted.' })
    expect((await myAdAs(t.app, seeker)).statusCode).toBe(404)
    const again = await injectAs(t.app, seeker, { method: 'DELETE', url: '/api/seeker-ad' })
    expect([again.statusCode, again.json()]).toEqual([404, { error: 'You have no room-wanted ad yet.' }])
    expect((await adAs(t.app, seeker, ad._id)).statusCode).toBe(404)
  })

  test.each([
    [{ headline: '' }, 'Headline is required.'],
    [{ headline: 'x'.repeat(121) }, 'Headline must be at most 120 characters.'],
    [{ about: 'x'.repeat(2001) }, 'About you must be at most 2000 characters.'],
    [{ budget: 10.5 }, 'Budget must be a whole number from 0 to 1,000,000.'],
    [{ budget: -1 }, 'Budget must be a whole number from 0 to 1,000,000.'],
    [{ budget: undefined }, 'Budget is required.'],
    [{ roomTypes: [] }, 'Choose at least one room type.'],
    [{ roomTypes: ['Single', 'Single'] }, 'Each room type at most once.'],
    [{ roomTypes: ['Castle'] }, 'Room type must be Single, Shared or Studio.'],
    [{ areas: [] }, 'Choose at least one area.'],
    [{ areas: [1, 2, 3, 4].map(() => ({ placeId: BERLIN })) }, 'At most 3 areas.'],
    [{ areas: [{ placeId: BERLIN }, { placeId: BERLIN }] }, 'Each area at most once.'],
    [{ areas: [{ placeId: BERLIN, radiusKm: 0 }] }, "An area's radius must be 1 to 200 km."],
    [{ areas: [{ placeId: BERLIN, radiusKm: 201 }] }, "An area's radius must be 1 to 200 km."],
    [{ minStayMonths: 37 }, 'Stay (months) must be a whole number from 1 to 36, or empty.'],
    [{ moveInFrom: '2026-02-30' }, 'Move in from must be a date written YYYY-MM-DD.'],
    [{ billsIncluded: 'maybe' }, 'Wants bills included must be true or empty.'],
    [{ status: 'gone' }, 'Status must be active or paused.'],
    [
      { about: 'Call me on +44 20 7946 0123' },
      'Keep phone numbers, e-mail addresses and links off your ad: people message you on Nestmate.',
    ],
    [
      { headline: 'Write to sam@example.com' },
      'Keep phone numbers, e-mail addresses and links off your ad: people message you on Nestmate.',
    ],
    ...['０７７００ ９００１２３', 'see evil.tk/login', 'seven seven oh oh nine oh oh one two three'].map(
      (headline) =>
        [
          { headline },
          'Keep phone numbers, e-mail addresses and links off your ad: people message you on Nestmate.',
        ] as const,
    ),
  ] as const)('refuses %j: %s', async (change, message) => {
    const seeker = await signUp(t.app)
    const response = await putAdAs(t.app, seeker, { ...sampleAd(), ...change })
    expect(response.statusCode, response.body).toBe(400)
    expect(response.json().error).toBe(message)
    expect((await myAdAs(t.app, seeker)).statusCode).toBe(404)
  })

  test('refuses a place the gazetteer lacks; a wish sent as false is not said', async () => {
    const seeker = await signUp(t.app)
    const unknown = await putAdAs(t.app, seeker, sampleAd({ areas: [{ placeId: 999_999_999 }] }))
    expect([unknown.statusCode, unknown.json()]).toEqual([400, { error: 'Unknown place.' }])
    const ad = await putAdAs(t.app, seeker, sampleAd({ billsIncluded: false, furnished: true }))
    expect(ad.json().seekerAd).toMatchObject({ billsIncluded: null, furnished: true })
  })

  test('needs a session for every call but the list', async () => {
    for (const [method, url] of [
      ['GET', '/api/seeker-ad'],
      ['PUT', '/api/seeker-ad'],
      ['DELETE', '/api/seeker-ad'],
      ['GET', '/api/seeker-ads/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const response = await injectAs(t.app, null, { method, url, payload: sampleAd() })
      expect([url, response.statusCode]).toEqual([url, 401])
    }
    expect((await list()).statusCode).toBe(200)
  })
})

describe('privacy', () => {
  test('an ad never shows an e-mail address, and goes with its account', async () => {
    const seeker = await signUp(t.app)
    const id = await createAd(t.app, seeker, { headline: 'Private seeker' })
    const viewer = await signUp(t.app)
    const details = await adAs(t.app, viewer, id)
    expect(details.statusCode).toBe(200)
    expect(details.body).not.toContain(seeker.email)
    expect(details.json()).toMatchObject({ isOwner: false, match: null, hasLivingProfile: false })
    const listed = await list('?limit=100')
    expect(listed.body).toContain('Private seeker')
    expect(listed.body).not.toContain(seeker.email)

    const deleted = await injectAs(t.app, seeker, {
      method: 'POST',
      url: '/api/auth/delete-user',
      payload: { password: seeker.password },
    })
    expect(deleted.statusCode, deleted.body).toBe(200)
    expect(await t.database.db.select().from(seekerAd).where(eq(seekerAd.id, id))).toEqual([])
    expect((await adAs(t.app, viewer, id)).statusCode).toBe(404)
  })

  test("details explain the match with the ad's writer, as on a listing", async () => {
    const [seeker, viewer] = [await signUp(t.app), await signUp(t.app)]
    await putProfile(t.app, seeker, NIGHT_OWL)
    await putProfile(t.app, viewer, EARLY_BIRD)
    const id = await createAd(t.app, seeker)
    const details = (await adAs(t.app, viewer, id)).json()
    expect(details.match).toMatchObject({ score: expect.any(Number), agree: expect.any(Array) })
    expect(details.hasLivingProfile).toBe(true)
    // One's own ad has no match with oneself.
    expect((await adAs(t.app, seeker, id)).json()).toMatchObject({ isOwner: true, match: null })
  })
})

describe('the list', () => {
  test('refuses what it cannot answer with a 400 saying why', async () => {
    const cases: [string, string][] = [
      [
        '?sort=match',
        'Sorting by best match needs you signed in with a living profile; sort by newest or budget instead.',
      ],
      ['?sort=cheapest', 'sort must be newest, budget_desc or match.'],
      ['?near=999999999', 'Unknown place.'],
      ['?rent=1.5', 'rent must be a whole number from 0 to 1,000,000.'],
      ['?roomType=Castle', 'Room type must be Single, Shared or Studio.'],
      ['?moveInBy=2026-13-01', 'moveInBy must be a date written YYYY-MM-DD.'],
      ['?limit=0', 'limit must be 1 to 100.'],
      ['?cursor=bm90LWEtY3Vyc29y', 'Malformed cursor.'],
      // A newest-first cursor is not a budget cursor.
      [
        `?sort=budget_desc&cursor=${Buffer.from(JSON.stringify(['2026-01-01T00:00:00.000000Z', '00000000-0000-4000-8000-000000000000'])).toString('base64url')}`,
        'Malformed cursor.',
      ],
    ]
    for (const [query, error] of cases) {
      const response = await list(query)
      expect([query, response.statusCode, response.json().error]).toEqual([query, 400, error])
    }
    const signedIn = await signUp(t.app)
    const noProfile = await injectAs(t.app, signedIn, { method: 'GET', url: '/api/seeker-ads?sort=match' })
    expect(noProfile.json().error).toBe(
      'Sorting by best match needs your living profile: fill it in on the Living profile page first.',
    )
  })

  test('a card carries the fields of §16 and the facts of the sample', async () => {
    const seeker = await signUp(t.app, { name: 'Card Seeker' })
    const id = await createAd(t.app, seeker, { ...sampleFacts(SEEKER_AD_FACTS), headline: 'Card test' })
    const card = (await list('?limit=100')).json().find((row: { _id: string }) => row._id === id)
    expect(card).toEqual({
      _id: id,
      headline: 'Card test',
      budget: 700,
      moveInFrom: SEEKER_AD_FACTS.moveInFrom.sample,
      minStayMonths: SEEKER_AD_FACTS.minStayMonths.sample,
      roomTypes: ['Single', 'Studio'],
      areas: [{ placeId: BERLIN, name: 'Berlin, Germany', radiusKm: 10 }],
      userName: 'Card Seeker',
      userPhoto: null,
      isExample: false,
      createdAt: expect.any(String),
      confirmedAt: expect.any(String),
      ...{ ownerVerified: false, referenceCount: 0, replyRate: null, replyHours: null },
    })
  })
})
