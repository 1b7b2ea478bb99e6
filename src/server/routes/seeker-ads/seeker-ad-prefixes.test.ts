import { beforeAll, describe, expect, test } from 'vitest'
import type { LivingProfileInput } from '#shared/living-profile.ts'
import type { SeekerAdQuery } from '#shared/seeker-ad.ts'
import { gazetteer } from '../../places/gazetteer.ts'
import { createListing, injectAs, signUp, type TestUser, useTestApp } from '../../test/app.ts'
import { createLivingProfileRepository } from '../living-profile/living-profile-repository.ts'
import { EARLY_BIRD, NIGHT_OWL, putProfile } from '../living-profile/test-profiles.ts'
import { type AdPrefix, pageFromPrefix, startAfterAd } from './seeker-ad-prefixes.ts'
import type { SeekerAdCursor } from './seeker-ad-cursor.ts'
import type { PageRow } from './seeker-ad-statements.ts'
import { createSeekerAdsRepository, type FitTarget } from './seeker-ads-repository.ts'
import { BERLIN, createAd, KOEPENICK, putAdAs, sampleAd } from './test-requests.ts'

// Rooms wanted's best-match prefixes (decision 063): pages cut from a prefix of four ads, walked three at a time
// (so across the prefix's end), are the pages of the full statement, which seeker-ads-walk.test.ts and
// listing-seekers.test.ts hold to the plain definition. Then what a change does to them.

const t = useTestApp()

const LATE: LivingProfileInput = {
  ...EARLY_BIRD,
  answers: {
    ...EARLY_BIRD.answers,
    bedtime: { answer: 'late', accepted: ['early', 'late'], importance: 'very' },
  },
}
const PROFILES = [EARLY_BIRD, NIGHT_OWL, LATE, undefined]

let viewer: TestUser
let poster: TestUser
let listingId: string
const seekers: { user: TestUser; id: string; ad: Record<string, unknown> }[] = []
const target: FitTarget = { ...gazetteer.find(BERLIN)!, rent: 500, roomType: 'Single', availableFrom: null }

beforeAll(async () => {
  viewer = await signUp(t.app)
  await putProfile(t.app, viewer, EARLY_BIRD)
  poster = await signUp(t.app)
  await putProfile(t.app, poster, NIGHT_OWL)
  listingId = await createListing(t.app, poster, { placeId: BERLIN, rent: 500, roomType: 'Single' })
  for (let n = 0; n < 11; n++) {
    const user = await signUp(t.app)
    const profile = PROFILES[n % 4]
    if (profile) await putProfile(t.app, user, profile)
    const ad = {
      headline: `Prefix ${n}`,
      budget: n % 3 === 0 ? 450 : 800,
      roomTypes: n % 5 === 4 ? ['Studio'] : ['Single', 'Shared'],
      areas: [{ placeId: n % 2 ? BERLIN : KOEPENICK, radiusKm: 25 }],
      moveInFrom: null,
    }
    seekers.push({ user, id: await createAd(t.app, user, ad), ad })
  }
})

const db = () => t.database.db
const codesOf = (userId: string) => createLivingProfileRepository(db()).codes(userId)
/** A repository whose prefixes keep four ads, and one that keeps none: every page is the full statement. */
const repositories = () => ({
  cut: createSeekerAdsRepository(db(), { prefixRows: 4 }),
  full: createSeekerAdsRepository(db(), { prefixRows: 0 }),
})
type Repository = ReturnType<typeof createSeekerAdsRepository>

const QUERIES: Partial<SeekerAdQuery>[] = [{}, { rent: 600 }, { roomType: 'Shared' }, { near: KOEPENICK }]

/** Every page of sort=match, three to a page: ids, matches and cursors. */
async function walkMatch(repository: Repository, query: Partial<SeekerAdQuery>, person: TestUser) {
  const viewerNow = { id: person.id, codes: await codesOf(person.id) }
  const near = query.near === undefined ? undefined : gazetteer.find(query.near)
  const pages: unknown[] = []
  let cursor: SeekerAdCursor | null = null
  for (let n = 0; n < 20; n++) {
    const page = await repository.browse(
      { sort: 'match', limit: 3, ...query } as SeekerAdQuery,
      cursor,
      near,
      viewerNow,
    )
    pages.push({
      ads: page.ads.map((ad) => [ad.headline, 'match' in ad ? ad.match : undefined]),
      next: page.next,
      total: page.total,
    })
    if (!(cursor = page.next)) break
  }
  return pages
}

async function walkFit(repository: Repository) {
  const viewerNow = { id: poster.id, codes: await codesOf(poster.id) }
  const pages: unknown[] = []
  let cursor: SeekerAdCursor | null = null
  for (let n = 0; n < 20; n++) {
    const page = await repository.fitting(listingId, target, 2, cursor, viewerNow)
    pages.push({
      ads: page.ads.map((ad) => [ad.headline, 'match' in ad ? ad.match : undefined]),
      next: page.next,
      total: page.total,
    })
    if (!(cursor = page.next)) break
  }
  return pages
}

describe('pages cut from a prefix are the full statement’s pages', () => {
  test.each(QUERIES)('sort=match %j, across the prefix’s end', async (query) => {
    const { cut, full } = repositories()
    const want = await walkMatch(full, query, viewer)
    expect(want.length, 'more than one page').toBeGreaterThan(1)
    expect(await walkMatch(cut, query, viewer)).toEqual(want)
    // Again, now from the kept prefix.
    expect(await walkMatch(cut, query, viewer)).toEqual(want)
  })

  test('a listing’s fitting seekers, across the prefix’s end', async () => {
    const { cut, full } = repositories()
    const want = await walkFit(full)
    expect(want.length).toBeGreaterThan(2)
    expect(await walkFit(cut)).toEqual(want)
    expect(await walkFit(cut)).toEqual(want)
  })
})

describe('what a change does', () => {
  test('an ad paused or deleted elsewhere is gone from the next page at once', async () => {
    const { cut, full } = repositories()
    await walkMatch(cut, {}, viewer)
    await walkFit(cut)
    // Written through the app: another repository, so this one's prefixes are not told.
    const [paused, deleted] = [seekers[1]!, seekers[3]!]
    await putAdAs(t.app, paused.user, sampleAd({ ...paused.ad, status: 'paused' }))
    await injectAs(t.app, deleted.user, { method: 'DELETE', url: '/api/seeker-ad' })
    const pages = JSON.stringify(await walkMatch(cut, {}, viewer))
    expect(pages).not.toContain('"Prefix 1"')
    expect(pages).not.toContain('"Prefix 3"')
    expect(await walkMatch(cut, {}, viewer)).toEqual(await walkMatch(full, {}, viewer))
    // The fit's total is the one counted with the prefix (decision 063), so only the ads are compared here.
    const ads = (pages: unknown[]) => pages.flatMap((page) => (page as { ads: unknown[] }).ads)
    expect(ads(await walkFit(cut))).toEqual(ads(await walkFit(full)))
    // Back as they were, for the other tests.
    await putAdAs(t.app, paused.user, sampleAd(paused.ad))
    seekers[3] = { ...deleted, id: await createAd(t.app, deleted.user, deleted.ad) }
  })

  test('an ad written in this process: the prefixes are worked out again, in the background', async () => {
    const { cut, full } = repositories()
    await walkMatch(cut, {}, viewer)
    const { user, ad } = seekers[5]!
    const places = [gazetteer.find(BERLIN)!]
    await cut.put(
      user.id,
      { ...sampleAd(ad), areas: [{ placeId: BERLIN, radiusKm: 25 }], status: 'paused' } as never,
      places,
    )
    await expect
      .poll(async () => JSON.stringify(await walkMatch(cut, {}, viewer)))
      .not.toContain('"Prefix 5"')
    await cut.put(user.id, { ...sampleAd(ad), areas: [{ placeId: BERLIN, radiusKm: 25 }] } as never, places)
    await expect.poll(() => walkMatch(cut, {}, viewer)).toEqual(await walkMatch(full, {}, viewer))
  })

  test('a writer’s profile changed elsewhere shows once the prefix is refreshed; the viewer’s own at once', async () => {
    const { cut, full } = repositories()
    const [before] = await walkMatch(cut, {}, viewer)
    // The first page's first writer answers otherwise: their score changes, and the kept prefix doesn't know yet.
    const first = (before as { ads: [string][] }).ads[0]![0]
    const writer = seekers.find((seeker) => seeker.ad.headline === first)!.user
    await putProfile(t.app, writer, NIGHT_OWL)
    expect((await walkMatch(cut, {}, viewer))[0]).toEqual(before)
    expect((await walkMatch(full, {}, viewer))[0]).not.toEqual(before)
    cut.profileChanged(writer.id)
    await expect.poll(() => walkMatch(cut, {}, viewer)).toEqual(await walkMatch(full, {}, viewer))
    // The viewer's own answers change: their prefix of older answers is never used.
    await putProfile(t.app, viewer, NIGHT_OWL)
    expect(await walkMatch(cut, {}, viewer)).toEqual(await walkMatch(full, {}, viewer))
    await putProfile(t.app, viewer, EARLY_BIRD)
    await putProfile(t.app, writer, EARLY_BIRD)
  })

  test('an edited listing is never answered from the prefix of its old values', async () => {
    const { cut, full } = repositories()
    await walkFit(cut)
    const studio = { ...target, roomType: 'Studio' }
    const viewerNow = { id: poster.id, codes: await codesOf(poster.id) }
    const [fromCut, fromFull] = await Promise.all([
      cut.fitting(listingId, studio, 10, null, viewerNow),
      full.fitting(listingId, studio, 10, null, viewerNow),
    ])
    expect(fromCut).toEqual(fromFull)
    expect(fromCut.ads.length).toBeGreaterThan(0)
  })
})

describe('startAfterAd and pageFromPrefix', () => {
  // Best first: (90, t2, b), (90, t2, a), (90, t1, c), then no score: (−1, t3, d).
  const prefix: AdPrefix = {
    ids: ['b', 'a', 'c', 'd'],
    matches: [90, 90, 90, null],
    keys: [90, 90, 90, -1],
    created: ['t2', 't2', 't1', 't3'],
    isWhole: false,
  }
  test('finds the first entry after a cursor inside ties of score and time', () => {
    expect(startAfterAd(prefix, null)).toBe(0)
    expect(startAfterAd(prefix, [90, 't2', 'b'])).toBe(1)
    expect(startAfterAd(prefix, [90, 't2', 'a'])).toBe(2)
    expect(startAfterAd(prefix, [90, 't1', 'c'])).toBe(3)
    expect(startAfterAd(prefix, [95, 't0', 'z'])).toBe(0)
    expect(startAfterAd(prefix, [-1, 't3', 'd'])).toBe(4)
    expect(startAfterAd(prefix, [90, 't2', 'B'])).toBe(1)
  })

  const rows = (ids: string[]) => ids.map((id) => ({ _id: id, createdExact: 'x' }) as PageRow)
  test('a page it can fill is cut in the prefix’s order with its keys; one it can’t is left to the full statement', async () => {
    const page = await pageFromPrefix(prefix, null, 2, false, async (ids) => rows([...ids].reverse()))
    expect(page?.map((row) => [row._id, row.matchKey, row.createdExact])).toEqual([
      ['b', 90, 't2'],
      ['a', 90, 't2'],
      ['c', 90, 't1'],
    ])
    // An ad gone since (a): the next three aren't all there, and the prefix doesn't hold every ad.
    expect(await pageFromPrefix(prefix, null, 2, false, async () => rows(['b', 'c']))).toBeUndefined()
    // Filtered, the rest of the prefix is read at once.
    expect(
      await pageFromPrefix(prefix, null, 1, true, async (ids) => rows(ids.filter((id) => id !== 'a'))),
    ).toHaveLength(2)
    expect(await pageFromPrefix(prefix, [-1, 't3', 'd'], 2, false, async () => [])).toBeUndefined()
    expect(
      await pageFromPrefix({ ...prefix, isWhole: true }, [-1, 't3', 'd'], 2, false, async () => []),
    ).toEqual([])
  })
})
