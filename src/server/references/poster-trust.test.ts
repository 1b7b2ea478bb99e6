import { sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { ConversationSchema } from '#shared/conversations.ts'
import { LikedListingSchema } from '#shared/likes.ts'
import { BrowseSummarySchema, FeaturedListingSchema, ListingDetailSchema } from '#shared/listing.ts'
import { SeekerAdDetailSchema, SeekerAdSummarySchema } from '#shared/seeker-ad.ts'
import { createListing, injectAs, signUp, signUpVerified, useTestApp, type TestUser } from '../test/app.ts'
import { createAd } from '../routes/seeker-ads/test-requests.ts'
import { headerAs, startAs } from '../routes/conversations/test-requests.ts'
import { createReferencesRepository } from '../routes/references/references-repository.ts'

// A poster's badges (decision 096) ride along with every card, details page and conversation header that shows
// them, read in the page's own statement.

const t = useTestApp()
const run = (query: ReturnType<typeof sql>) => t.database.db.execute(query)
const get = <T>(viewer: TestUser | null, url: string) =>
  injectAs(t.app, viewer, { method: 'GET', url }).then((response) => {
    expect(response.statusCode, url).toBe(200)
    return response.json<T>()
  })

/** References for `person` answered by each referee from their mailed link. */
async function referencesFor(person: TestUser, names: string[]) {
  const references = createReferencesRepository(t.database.db)
  for (const name of names) {
    const refereeEmail = `${name.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`
    const asked = await references.request(person.id, {
      refereeEmail,
      refereeName: name,
      relationship: 'flatmate',
    })
    if (typeof asked === 'string') throw new Error(asked)
    const payload = {
      relationship: 'flatmate',
      from: '2023-01',
      to: '2024-06',
      ...{ tidy: 5, bills: 4, considerate: 5, communication: 4 },
      text: `${name} says: tidy.`,
    }
    const sent = await injectAs(t.app, null, {
      method: 'POST',
      url: `/api/references/${asked.token}`,
      payload,
    })
    expect(sent.statusCode).toBe(201)
  }
}

test('cards, details and the conversation header carry the poster’s badges', async () => {
  const poster = await signUpVerified(t)
  const title = `Badge room ${randomUUID().slice(0, 8)}`
  const listingId = await createListing(t.app, poster, { title })
  const adId = await createAd(t.app, poster, { headline: `Badge ad ${randomUUID().slice(0, 8)}` })
  await run(sql`insert into reply_stat (user_id, reply_rate, reply_hours, refreshed_at)
    values (${poster.id}, 90, 3, now())`)
  // Two references answered; the poster hides one, which no badge counts.
  await referencesFor(poster, ['Sam', 'Kit'])
  await run(
    sql`update reference set hidden_at = now() where referee_name = 'Kit' and subject_id = ${poster.id}`,
  )
  const badges = { ownerVerified: true, referenceCount: 1, replyRate: 90, replyHours: 3 }

  const viewer = await signUpVerified(t)
  const [browsed] = await get<unknown[]>(viewer, `/api/roommate-listings?q=${encodeURIComponent(title)}`)
  expect(BrowseSummarySchema.parse(browsed)).toMatchObject({ _id: listingId, ...badges })
  const browsedByNobody = await get<unknown[]>(null, `/api/roommate-listings?q=${encodeURIComponent(title)}`)
  expect(browsedByNobody).toEqual([expect.objectContaining(badges)])
  const featured = await get<unknown[]>(null, '/api/featured-roommates')
  expect(featured.map((item) => FeaturedListingSchema.parse(item))).toContainEqual(
    expect.objectContaining({ _id: listingId, ...badges }),
  )
  const details = ListingDetailSchema.parse(await get(viewer, `/api/roommate-listings/${listingId}`))
  expect(details).toMatchObject(badges)

  const liked = await injectAs(t.app, viewer, {
    method: 'PATCH',
    url: `/api/listings/${listingId}/like`,
    payload: {},
  })
  expect(liked.statusCode).toBeLessThan(300)
  const likes = await get<unknown[]>(viewer, '/api/my-likes')
  expect(likes.map((item) => LikedListingSchema.parse(item))).toEqual([
    expect.objectContaining({ _id: listingId, ...badges }),
  ])

  const ads = await get<unknown[]>(viewer, '/api/seeker-ads')
  expect(ads.map((item) => SeekerAdSummarySchema.parse(item))).toContainEqual(
    expect.objectContaining({ _id: adId, ...badges }),
  )
  expect(SeekerAdDetailSchema.parse(await get(viewer, `/api/seeker-ads/${adId}`))).toMatchObject(badges)

  const started = await startAs(t.app, viewer, listingId)
  expect(started.statusCode).toBe(201)
  const header = await headerAs(t.app, viewer, started.json<{ conversationId: string }>().conversationId)
  expect(ConversationSchema.parse(header.json()).other).toMatchObject({
    id: poster.id,
    emailVerified: true,
    referenceCount: 1,
    replyRate: 90,
    replyHours: 3,
  })
  // The poster's side: the viewer has no badge yet.
  const theirs = await headerAs(t.app, poster, started.json<{ conversationId: string }>().conversationId)
  expect(theirs.json<{ other: unknown }>().other).toMatchObject({
    id: viewer.id,
    emailVerified: true,
    referenceCount: 0,
    replyRate: null,
    replyHours: null,
  })
})

test('a poster without badges: not verified, no references, no stats', async () => {
  const poster = await signUp(t.app)
  const title = `Plain room ${randomUUID().slice(0, 8)}`
  await createListing(t.app, poster, { title })
  const cards = await get<unknown[]>(null, `/api/roommate-listings?q=${encodeURIComponent(title)}`)
  expect(cards).toEqual([
    expect.objectContaining({ ownerVerified: false, referenceCount: 0, replyRate: null, replyHours: null }),
  ])
})
