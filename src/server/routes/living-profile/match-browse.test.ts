import { describe, expect, test } from 'vitest'
import { IMPORTANCES, INTERESTS, QUESTIONS, type LivingProfileInput } from '#shared/living-profile.ts'
import { compareProfiles, type Profile } from '#shared/match.ts'
import { createListing, injectAs, signUp, type TestUser, useTestApp } from '../../test/app.ts'
import { EARLY_BIRD, NIGHT_OWL, putProfile } from './test-profiles.ts'

const t = useTestApp()

type Summary = { _id: string; match?: number | null; sharedInterests?: number }
const browse = async (user: TestUser | null, query = '') => {
  const response = await injectAs(t.app, user, {
    method: 'GET',
    url: `/api/roommate-listings?limit=100${query}`,
  })
  return { response, listings: response.json<Summary[]>() }
}
const asProfile = (input: LivingProfileInput) => input as Profile

/**
 * A reproducible pseudo-random profile: some questions skipped (most of them when `isSparse`), any accepted set,
 * any importance.
 */
function randomProfile(seed: number, isSparse = false): LivingProfileInput {
  let state = seed
  const next = (n: number) => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return Math.floor(state / 65536) % n // the high bits: an LCG's low bits repeat quickly
  }
  const answers: NonNullable<LivingProfileInput['answers']> = {}
  for (const question of QUESTIONS) {
    if (isSparse ? next(4) !== 0 : next(5) === 0) continue
    const ids = question.answers.map((answer) => answer.id)
    const accepted = ids.filter(() => next(2) === 0)
    const answer = ids[next(ids.length)]!
    answers[question.id] = {
      answer,
      accepted: accepted.length ? accepted : [answer],
      importance: IMPORTANCES[next(IMPORTANCES.length)]!,
    }
  }
  const interests = [...new Set([0, 1, 2].map(() => INTERESTS[next(INTERESTS.length)]!))]
  return { answers, interests }
}

describe('match on browse', () => {
  test('the database scores each listing exactly as the explained match does, shared interests too', async () => {
    const viewer = await signUp(t.app)
    const viewerProfile = randomProfile(7)
    await putProfile(t.app, viewer, viewerProfile)
    const expected = new Map<string, { match: number | null; sharedInterests: number }>()
    for (let seed = 1; seed <= 16; seed++) {
      const poster = await signUp(t.app)
      const profile = randomProfile(seed * 31, seed % 4 === 0)
      expect((await putProfile(t.app, poster, profile)).statusCode).toBe(200)
      const id = await createListing(t.app, poster)
      const match = compareProfiles(asProfile(viewerProfile), asProfile(profile))
      expected.set(id, { match: match.score, sharedInterests: match.sharedInterests.length })
    }
    const { listings } = await browse(viewer)
    const scored = listings.filter((listing) => expected.has(listing._id))
    expect(scored).toHaveLength(16)
    for (const listing of scored) {
      expect({ match: listing.match, sharedInterests: listing.sharedInterests }).toEqual(
        expected.get(listing._id),
      )
    }
    // The random set covers real scores and too-few-in-common ones.
    expect(scored.some((listing) => listing.match === null)).toBe(true)
    expect(scored.filter((listing) => typeof listing.match === 'number').length).toBeGreaterThan(5)
  })

  test('sort=match: best first, no score last, page by page with the cursor; only for a viewer with a profile', async () => {
    const viewer = await signUp(t.app)
    await putProfile(t.app, viewer, EARLY_BIRD)
    const alike = await signUp(t.app)
    await putProfile(t.app, alike, EARLY_BIRD)
    const unlike = await signUp(t.app)
    await putProfile(t.app, unlike, NIGHT_OWL)
    const without = await signUp(t.app)
    const q = `&q=sortmatch${Date.now()}`
    const title = q.slice(3)
    const ids = {
      alike: await createListing(t.app, alike, { title }),
      unlike: await createListing(t.app, unlike, { title }),
      without: await createListing(t.app, without, { title }),
      own: await createListing(t.app, viewer, { title }),
    }

    const { response, listings } = await browse(viewer, `${q}&sort=match`)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['x-living-profile']).toBe('scored')
    expect(listings.map((listing) => listing._id).slice(0, 2)).toEqual([ids.alike, ids.unlike])
    expect(listings[0]!.match).toBe(100)
    expect(listings[1]!.match).toBeLessThan(100)
    expect(listings.slice(2).map((listing) => listing.match)).toEqual([null, null])

    // One listing a page: the cursor walks the same order.
    const walked: string[] = []
    let url: string | undefined = `/api/roommate-listings?limit=1${q}&sort=match`
    while (url) {
      const page = await injectAs(t.app, viewer, { method: 'GET', url })
      walked.push(...page.json<Summary[]>().map((listing) => listing._id))
      url = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1]
    }
    expect(walked).toEqual(listings.map((listing) => listing._id))

    const noProfile = await browse(without, '&sort=match')
    expect(noProfile.response.statusCode).toBe(400)
    expect(noProfile.response.json().error).toMatch(/needs your living profile/)
    const anonymous = await browse(null, '&sort=match')
    expect(anonymous.response.statusCode).toBe(400)
    expect(anonymous.response.json().error).toMatch(/signed in with a living profile/)
  })

  test('pages cut from the best-match prefix match the full ordering, ties included', async () => {
    const viewer = await signUp(t.app)
    await putProfile(t.app, viewer, EARLY_BIRD)
    const title = `ranked${Date.now()}`
    // Two posters with the same profile tie; each has three listings, so ties run across posters.
    for (const profile of [EARLY_BIRD, EARLY_BIRD, NIGHT_OWL, randomProfile(5)]) {
      const poster = await signUp(t.app)
      await putProfile(t.app, poster, profile)
      for (let i = 0; i < 3; i++) await createListing(t.app, poster, { title })
    }
    const whole = (await browse(viewer, `&q=${title}&sort=match`)).listings
    expect(whole).toHaveLength(12)
    const walked: Summary[] = []
    let url: string | undefined = `/api/roommate-listings?limit=2&q=${title}&sort=match`
    while (url) {
      const page = await injectAs(t.app, viewer, { method: 'GET', url })
      walked.push(...page.json<Summary[]>())
      url = /<([^>]+)>; rel="next"/.exec(String(page.headers.link ?? ''))?.[1]
    }
    expect(walked).toEqual(whole)
    const keys = whole.map((listing) => listing.match ?? -1)
    expect(keys).toEqual([...keys].sort((a, b) => b - a))
  })

  test('anonymous callers and people without a profile get the cards as before, with no score at all', async () => {
    const poster = await signUp(t.app)
    await putProfile(t.app, poster, EARLY_BIRD)
    await createListing(t.app, poster)
    const anonymous = await browse(null)
    expect(anonymous.response.headers['x-living-profile']).toBeUndefined()
    expect(
      anonymous.listings.every((listing) => !('match' in listing) && !('sharedInterests' in listing)),
    ).toBe(true)
    const newcomer = await browse(await signUp(t.app))
    expect(newcomer.response.headers['x-living-profile']).toBe('missing')
    expect(newcomer.listings.every((listing) => !('match' in listing))).toBe(true)
  })
})

describe('match on details', () => {
  test('explains the score; the owner and people without a profile get none', async () => {
    const viewer = await signUp(t.app)
    const poster = await signUp(t.app)
    await putProfile(t.app, viewer, EARLY_BIRD)
    await putProfile(t.app, poster, NIGHT_OWL)
    const id = await createListing(t.app, poster)
    const details = (user: TestUser) =>
      injectAs(t.app, user, { method: 'GET', url: `/api/roommate-listings/${id}` })

    const seen = (await details(viewer)).json()
    expect(seen.hasLivingProfile).toBe(true)
    expect(seen.match).toEqual(compareProfiles(asProfile(EARLY_BIRD), asProfile(NIGHT_OWL)))
    expect(seen.match).toMatchObject({
      agree: ['tidiness'],
      differ: ['liveliness', 'bedtime'],
      dealbreakers: ['smoking'],
      sharedInterests: ['cooking'],
    })
    // The poster's accepted answers and importances never leave the server.
    expect(JSON.stringify(seen)).not.toMatch(/importance|accepted/)

    expect((await details(poster)).json()).toMatchObject({
      isOwner: true,
      match: null,
      hasLivingProfile: true,
    })
    const newcomer = await signUp(t.app)
    expect((await details(newcomer)).json()).toMatchObject({ match: null, hasLivingProfile: false })
  })
})
