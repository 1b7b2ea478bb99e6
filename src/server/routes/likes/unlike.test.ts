import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { selectRows } from '../../test/database.ts'
import { createListing, signUp, useTestApp } from '../../test/app.ts'
import { detailsAs, likeAs, signUpMany, unlikeAs } from './test-requests.ts'

const t = useTestApp()

describe('DELETE /api/listings/:id/like', () => {
  test('takes the like back: the count goes down and details stop showing the phone number', async () => {
    const [alice, bob, carol] = await signUpMany(t.app, 3)
    const id = await createListing(t.app, alice!, { number: '+1 (555) 010-2030' })
    await likeAs(t.app, bob!, id)
    await likeAs(t.app, carol!, id)

    const response = await unlikeAs(t.app, bob!, id)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ likes: 1, liked: false })

    const details = await detailsAs(t.app, bob!, id)
    expect(details.json()).toMatchObject({ likes: 1, likedByMe: false })
    expect(details.json()).not.toHaveProperty('number')
    expect(details.body).not.toContain('010-2030')
    // Carol's like is untouched.
    expect((await detailsAs(t.app, carol!, id)).json()).toMatchObject({
      likedByMe: true,
      number: '+1 (555) 010-2030',
    })
  })

  test('idempotent: unliking what you do not like changes nothing and answers the same', async () => {
    const [alice, bob, carol] = await signUpMany(t.app, 3)
    const id = await createListing(t.app, alice!)
    await likeAs(t.app, carol!, id)
    const first = await unlikeAs(t.app, bob!, id)
    const second = await unlikeAs(t.app, bob!, id)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual({ likes: 1, liked: false })
    expect(second.json()).toEqual(first.json())
    // The owner has no like to take back either.
    expect((await unlikeAs(t.app, alice!, id)).json()).toEqual({ likes: 1, liked: false })
    expect((await detailsAs(t.app, alice!, id)).json().likes).toBe(1)
  })

  test('a like after an unlike counts again and shows the contacts again', async () => {
    const [alice, bob] = await signUpMany(t.app, 2)
    const id = await createListing(t.app, alice!, { number: '555 0101' })
    await likeAs(t.app, bob!, id)
    await unlikeAs(t.app, bob!, id)
    const again = await likeAs(t.app, bob!, id)
    expect(again.json()).toEqual({ likes: 1, liked: true, number: '555 0101', userEmail: alice!.email })
  })

  test('an unlike leaves the listing as it was for browsing (updatedAt stays)', async () => {
    const [alice, bob] = await signUpMany(t.app, 2)
    const id = await createListing(t.app, alice!)
    await likeAs(t.app, bob!, id)
    const before = (await detailsAs(t.app, alice!, id)).json()
    await unlikeAs(t.app, bob!, id)
    expect((await detailsAs(t.app, alice!, id)).json().updatedAt).toBe(before.updatedAt)
  })

  test('401 when signed out, 404 for an unknown or deleted listing, 400 for a malformed id', async () => {
    const [alice, bob] = await signUpMany(t.app, 2)
    const id = await createListing(t.app, alice!)
    await likeAs(t.app, bob!, id)

    const anonymous = await unlikeAs(t.app, null, id)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({ error: 'Sign in to continue.' })
    expect((await detailsAs(t.app, alice!, id)).json().likes).toBe(1)

    const unknown = await unlikeAs(t.app, bob!, randomUUID())
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ error: 'Listing not found.' })

    const malformed = await unlikeAs(t.app, bob!, 'not-a-listing')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ error: 'Malformed listing id.' })

    await t.app.inject({
      method: 'DELETE',
      url: `/api/roommate-listings/${id}`,
      headers: { origin: 'http://localhost:3000', cookie: alice!.cookie },
    })
    expect((await unlikeAs(t.app, bob!, id)).statusCode).toBe(404)
  })

  test('10 people unliking at once count down exactly 10', async () => {
    const [owner, ...fans] = await signUpMany(t.app, 11)
    const id = await createListing(t.app, owner!)
    for (const fan of fans) await likeAs(t.app, fan, id)
    const answers = await Promise.all(fans.map((fan) => unlikeAs(t.app, fan, id)))
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200))
    // Each unlike saw the one before it: no two answers share a count.
    const counts = answers.map((answer) => answer.json().likes as number).sort((a, b) => a - b)
    expect(counts).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect((await detailsAs(t.app, owner!, id)).json().likes).toBe(0)
  })

  test('one person unliking 5 times at once counts down once', async () => {
    const [owner, fan, other] = await signUpMany(t.app, 3)
    const id = await createListing(t.app, owner!)
    await likeAs(t.app, fan!, id)
    await likeAs(t.app, other!, id)
    const answers = await Promise.all(Array.from({ length: 5 }, () => unlikeAs(t.app, fan!, id)))
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200))
    expect(answers.map((answer) => answer.json())).toEqual(Array(5).fill({ likes: 1, liked: false }))
    expect((await detailsAs(t.app, owner!, id)).json().likes).toBe(1)
  })

  test('likes and unlikes racing each other leave the count equal to the likes stored', async () => {
    const [owner, ...fans] = await signUpMany(t.app, 7)
    const id = await createListing(t.app, owner!)
    const calls = fans.flatMap((fan) => [
      likeAs(t.app, fan, id),
      unlikeAs(t.app, fan, id),
      likeAs(t.app, fan, id),
      unlikeAs(t.app, fan, id),
      likeAs(t.app, fan, id),
    ])
    expect((await Promise.all(calls)).every((answer) => answer.statusCode === 200)).toBe(true)
    const [row] = await selectRows<{ likes: number; rows: number }>(
      t.database,
      `select likes, (select count(*)::int from listing_like where listing_id = '${id}') as rows
       from listing where id = '${id}'`,
    )
    expect(row!.likes).toBe(row!.rows)
    expect(row!.likes).toBeGreaterThanOrEqual(0)
  })
})

describe('the unlike rate limit', () => {
  const limited = useTestApp({ RATE_LIMITS: 'true' })

  test('the 31st unlike within an hour answers 429 and takes nothing back; another person is not affected', async () => {
    const [owner, fan, other] = [
      await signUp(limited.app),
      await signUp(limited.app),
      await signUp(limited.app),
    ]
    const id = await createListing(limited.app, owner)
    await likeAs(limited.app, other, id)
    for (let i = 0; i < 30; i++) expect((await unlikeAs(limited.app, fan, id)).statusCode).toBe(200)
    await likeAs(limited.app, fan, id)
    const refused = await unlikeAs(limited.app, fan, id)
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toEqual({ error: expect.stringMatching(/^Too many requests/) })
    expect((await detailsAs(limited.app, fan, id)).json()).toMatchObject({ likes: 2, likedByMe: true })
    // Its own counter: the same person may still like, and someone else may still unlike.
    expect((await unlikeAs(limited.app, other, id)).json()).toEqual({ likes: 1, liked: false })
  })
})
