import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createListing, injectAs, signUp, useTestApp } from '../../test/app.ts'
import { likeAs, likersAs, signUpMany, unlikeAs } from './test-requests.ts'

const t = useTestApp()

describe('GET /api/my-listings/:id/likers', () => {
  test('the owner sees who liked the listing: name, photo, when; newest first; never an e-mail', async () => {
    const alice = await signUp(t.app)
    const bob = await signUp(t.app, { name: 'Bob Liker' })
    const carol = await signUp(t.app, { name: 'Carol Liker' })
    await injectAs(t.app, carol, {
      method: 'POST',
      url: '/api/auth/update-user',
      payload: { image: 'https://photos.example/carol.jpg' },
    })
    const id = await createListing(t.app, alice)
    await likeAs(t.app, bob, id)
    await likeAs(t.app, carol, id)

    const response = await likersAs(t.app, alice, id)
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('no-store')
    expect(response.json()).toEqual([
      { name: 'Carol Liker', photo: 'https://photos.example/carol.jpg', likedAt: expect.any(String) },
      { name: 'Bob Liker', photo: '', likedAt: expect.any(String) },
    ])
    const [newest, older] = response.json() as { likedAt: string }[]
    expect(Date.parse(newest!.likedAt)).toBeGreaterThanOrEqual(Date.parse(older!.likedAt))
    expect(response.body).not.toContain(bob.email)
    expect(response.body).not.toContain(carol.email)
    expect(response.body).not.toContain(bob.id)
  })

  test('someone who unliked is no longer listed; a listing nobody likes answers []', async () => {
    const [alice, bob] = await signUpMany(t.app, 2)
    const id = await createListing(t.app, alice!)
    await likeAs(t.app, bob!, id)
    await unlikeAs(t.app, bob!, id)
    expect((await likersAs(t.app, alice!, id)).json()).toEqual([])
  })

  test('401 signed out, 403 for someone else’s listing (even one they liked), 404 unknown, 400 malformed', async () => {
    const [alice, bob] = await signUpMany(t.app, 2)
    const id = await createListing(t.app, alice!)
    await likeAs(t.app, bob!, id)

    const anonymous = await likersAs(t.app, null, id)
    expect(anonymous.statusCode).toBe(401)
    expect(anonymous.json()).toEqual({ error: 'Sign in to continue.' })

    const stranger = await likersAs(t.app, bob!, id)
    expect(stranger.statusCode).toBe(403)
    expect(stranger.json()).toEqual({ error: 'Only the owner can see who liked a listing.' })
    expect(stranger.body).not.toContain(bob!.name)

    const unknown = await likersAs(t.app, alice!, randomUUID())
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual({ error: 'Listing not found.' })

    const malformed = await likersAs(t.app, alice!, 'nope')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toMatchObject({ error: 'Malformed listing id.' })
  })

  test('answers at most 100 people, the newest', async () => {
    const owner = await signUp(t.app)
    const id = await createListing(t.app, owner)
    // Signed up side by side; the likes, one after another, decide who is newest.
    const fans = await Promise.all(
      Array.from({ length: 101 }, (_, i) => signUp(t.app, { name: `Fan ${String(i).padStart(3, '0')}` })),
    )
    for (const fan of fans) await likeAs(t.app, fan, id)
    const body = (await likersAs(t.app, owner, id)).json() as { name: string }[]
    expect(body).toHaveLength(100)
    expect(body[0]!.name).toBe('Fan 100')
    expect(body.map((row) => row.name)).not.toContain('Fan 000')
    // 102 people signed up and in (two requests each, decision 035), 101 likes.
  }, 60_000)
})
