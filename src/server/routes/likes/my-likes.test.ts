import { describe, expect, test } from 'vitest'
import { LikedListingSchema } from '#shared/likes.ts'
import { createListing, injectAs, useTestApp } from '../../test/app.ts'
import { likeAs, myLikesAs, signUpMany, unlikeAs } from './test-requests.ts'

const t = useTestApp()

describe('GET /api/my-likes', () => {
  test("the caller's liked listings, newest like first, as browse summaries with likedAt", async () => {
    const [alice, carol, bob] = await signUpMany(t.app, 3)
    const first = await createListing(t.app, alice!, { title: 'First liked', number: '555 0001' })
    const second = await createListing(t.app, carol!, { title: 'Second liked' })
    const notLiked = await createListing(t.app, carol!, { title: 'Never liked' })
    await likeAs(t.app, bob!, first)
    await likeAs(t.app, bob!, second)
    await likeAs(t.app, alice!, second)

    const response = await myLikesAs(t.app, bob!)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.headers['x-total-count']).toBe('2')
    const body = response.json()
    expect(body.map((row: { _id: string }) => row._id)).toEqual([second, first])
    expect(body[0]).toEqual({
      _id: second,
      title: 'Second liked',
      location: 'Portland, OR',
      rent: 850,
      roomType: 'Single',
      lifestyle: 'Early riser, quiet evenings',
      availability: 'Available',
      userName: carol!.name,
      isExample: false,
      advertiser: 'flatmate',
      likes: 2,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      confirmedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      cover: null,
      ...{ ownerVerified: false, referenceCount: 0, replyRate: null, replyHours: null },
      likedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      ...{ placeId: null, placeName: null, lat: null, lon: null },
    })
    expect(Date.parse(body[0].likedAt)).toBeGreaterThanOrEqual(Date.parse(body[1].likedAt))
    for (const row of body) LikedListingSchema.parse(row)
    // Summaries only: no phone number, no owner e-mail.
    expect(response.body).not.toContain('555 0001')
    expect(response.body).not.toContain(alice!.email)
    expect(response.body).not.toContain(notLiked)
  })

  test('an unliked or deleted listing leaves the list; nobody else sees the caller’s likes', async () => {
    const [alice, bob, carol] = await signUpMany(t.app, 3)
    const kept = await createListing(t.app, alice!)
    const unliked = await createListing(t.app, alice!)
    const deleted = await createListing(t.app, alice!)
    for (const id of [kept, unliked, deleted]) await likeAs(t.app, bob!, id)
    await unlikeAs(t.app, bob!, unliked)
    await injectAs(t.app, alice!, { method: 'DELETE', url: `/api/roommate-listings/${deleted}` })

    const mine = await myLikesAs(t.app, bob!)
    expect(mine.json().map((row: { _id: string }) => row._id)).toEqual([kept])
    expect(mine.headers['x-total-count']).toBe('1')
    const theirs = await myLikesAs(t.app, carol!)
    expect(theirs.json()).toEqual([])
    expect(theirs.headers['x-total-count']).toBe('0')
  })

  test('401 when signed out', async () => {
    const response = await myLikesAs(t.app, null)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: 'Sign in to continue.' })
  })

  test('answers at most 100 rows, the newest, and the whole count', async () => {
    const [owner, fan] = await signUpMany(t.app, 2)
    const ids: string[] = []
    for (let i = 0; i < 102; i++) ids.push(await createListing(t.app, owner!, { title: `Room ${i}` }))
    for (const id of ids) await likeAs(t.app, fan!, id)
    const response = await myLikesAs(t.app, fan!)
    expect(response.headers['x-total-count']).toBe('102')
    const body = response.json() as { _id: string }[]
    expect(body).toHaveLength(100)
    expect(body[0]!._id).toBe(ids.at(-1))
    expect(body.map((row) => row._id)).not.toContain(ids[0])
  })
})
