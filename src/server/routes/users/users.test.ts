import { randomUUID } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { createListing, injectAs, signUp, type TestUser, useTestApp } from '../../test/app.ts'

type PublicUser = {
  _id: string
  name: string
  photo: string
  email?: string
  creationTime: string
  lastSignInTime: string
}

const t = useTestApp()

const get = (user: TestUser | null, url: string) => injectAs(t.app, user, { method: 'GET', url })
const postUser = (user: TestUser | null, payload: object) =>
  injectAs(t.app, user, { method: 'POST', url: '/api/users', payload })

async function userRecords(caller: TestUser): Promise<Map<string, PublicUser>> {
  const response = await get(caller, '/api/users')
  expect(response.statusCode).toBe(200)
  return new Map(response.json<PublicUser[]>().map((record) => [record._id, record]))
}

const isoDate = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

describe('GET /api/users', () => {
  test('needs a session', async () => {
    const response = await get(null, '/api/users')
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: 'Sign in to continue.' })
  })

  test("public records, with an e-mail only on the caller's own", async () => {
    const alice = await signUp(t.app, { name: 'Alice Public' })
    const bob = await signUp(t.app, { name: 'Bob Public' })
    const response = await get(alice, '/api/users')
    expect(response.statusCode).toBe(200)
    const records = new Map(response.json<PublicUser[]>().map((record) => [record._id, record]))
    expect(Number(response.headers['x-total-count'])).toBeGreaterThanOrEqual(records.size)
    expect(records.get(alice.id)).toEqual({
      _id: alice.id,
      name: 'Alice Public',
      photo: '',
      email: alice.email,
      creationTime: isoDate,
      lastSignInTime: isoDate,
    })
    expect(records.get(bob.id)).toEqual({
      _id: bob.id,
      name: 'Bob Public',
      photo: '',
      creationTime: isoDate,
      lastSignInTime: isoDate,
    })
    const others = [...records.values()].filter((record) => record._id !== alice.id)
    expect(others.length).toBeGreaterThan(0)
    for (const record of others) expect(record).not.toHaveProperty('email')
    expect(response.body).not.toContain(bob.email)
  })

  test('400 for a limit out of range', async () => {
    const alice = await signUp(t.app)
    const response = await get(alice, '/api/users?limit=0')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'limit must be 1 to 1000.',
      issues: [{ path: 'limit', message: 'limit must be 1 to 1000.' }],
    })
    expect((await get(alice, '/api/users?limit=1')).json()).toHaveLength(1)
  })
})

describe('POST /api/users', () => {
  test("with the caller's e-mail: acknowledged, and name and photo are updated", async () => {
    const alice = await signUp(t.app, { name: 'Alice Before' })
    const record = {
      name: 'Alice After',
      photo: 'https://images.example.com/alice.png',
      email: alice.email.toUpperCase(),
      creationTime: 'Mon, 01 Jan 2024 00:00:00 GMT',
      lastSignInTime: 'Mon, 01 Jan 2024 00:00:00 GMT',
    }
    const response = await postUser(alice, record)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ acknowledged: true, insertedId: alice.id })
    expect((await userRecords(alice)).get(alice.id)).toMatchObject({
      name: 'Alice After',
      photo: 'https://images.example.com/alice.png',
      email: alice.email,
    })
    // Idempotent: the same record again answers the same.
    const again = await postUser(alice, record)
    expect(again.json()).toEqual({ acknowledged: true, insertedId: alice.id })
    // A null photo clears it.
    await postUser(alice, { name: 'Alice After', photo: null, email: alice.email })
    expect((await userRecords(alice)).get(alice.id)?.photo).toBe('')
  })

  test("403 for another person's e-mail; nobody changes", async () => {
    const alice = await signUp(t.app, { name: 'Alice Safe' })
    const mallory = await signUp(t.app, { name: 'Mallory' })
    const response = await postUser(mallory, { name: 'Hacked', photo: '', email: alice.email })
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ error: 'You can only write your own user record.' })
    const records = await userRecords(alice)
    expect(records.get(alice.id)?.name).toBe('Alice Safe')
    expect(records.get(mallory.id)?.name).toBe('Mallory')
  })

  test('401 without a session', async () => {
    const response = await postUser(null, { name: 'Ghost', email: 'ghost@example.com' })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: 'Sign in to continue.' })
  })

  test.each([
    [{ photo: 'javascript:alert(1)' }, 'photo', 'Photo URL must start with http:// or https://.'],
    [{ photo: 'ftp://example.com/a.png' }, 'photo', 'Photo URL must start with http:// or https://.'],
    [{ name: '' }, 'name', 'Name is required.'],
    [{ name: 'n'.repeat(81) }, 'name', 'Name must be at most 80 characters.'],
    [{ email: 'not-an-email' }, 'email', 'Enter a valid email address.'],
  ])('400 for %j', async (overrides, path, message) => {
    const alice = await signUp(t.app, { name: 'Alice Valid' })
    const response = await postUser(alice, {
      name: 'Alice Valid',
      photo: 'https://example.com/a.png',
      email: alice.email,
      ...overrides,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: message, issues: [{ path, message }] })
    expect((await userRecords(alice)).get(alice.id)).toMatchObject({ name: 'Alice Valid', photo: '' })
  })
})

describe('answers with personal data', () => {
  test("GET and POST /api/users are never stored by a cache (they carry the caller's e-mail)", async () => {
    const alice = await signUp(t.app)
    const list = await get(alice, '/api/users')
    expect(list.statusCode).toBe(200)
    expect(list.headers['cache-control']).toBe('no-store')
    const record = await postUser(alice, { name: 'Alice', photo: '', email: alice.email })
    expect(record.statusCode).toBe(200)
    expect(record.headers['cache-control']).toBe('no-store')
  })
})

describe('a profile rename', () => {
  test('shows in browse and details answers', async () => {
    const alice = await signUp(t.app, { name: 'Old Name' })
    const bob = await signUp(t.app)
    const token = `rename${randomUUID().slice(0, 8)}`
    const id = await createListing(t.app, alice, { title: token })

    const rename = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/auth/update-user',
      payload: { name: 'New Name' },
    })
    expect(rename.statusCode).toBe(200)

    const browse = await get(null, `/api/roommate-listings?q=${token}`)
    expect(browse.json()).toEqual([expect.objectContaining({ _id: id, userName: 'New Name' })])
    // Bob liked it, so his details carry the e-mail too (joined from the user row, as the name is).
    await injectAs(t.app, bob, { method: 'PATCH', url: `/api/listings/${id}/like`, payload: {} })
    const details = await get(bob, `/api/roommate-listings/${id}`)
    expect(details.json()).toMatchObject({ userName: 'New Name', userEmail: alice.email })
    const featured = await get(null, '/api/featured-roommates')
    expect(featured.json()).toContainEqual(expect.objectContaining({ _id: id, userName: 'New Name' }))
  })

  test("the e-mail can't be changed", async () => {
    const alice = await signUp(t.app)
    const response = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/auth/update-user',
      payload: { email: 'other@example.com' },
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: "Email can't be changed." })
    expect((await userRecords(alice)).get(alice.id)?.email).toBe(alice.email)
  })
})

describe('GET /api/stats', () => {
  test('anonymous: the totals without myListings', async () => {
    const before = (await get(null, '/api/stats')).json()
    const alice = await signUp(t.app)
    await createListing(t.app, alice)
    const response = await get(null, '/api/stats')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      totalListings: before.totalListings + 1,
      totalUsers: before.totalUsers + 1,
    })
  })

  test("signed in: also the caller's own count", async () => {
    const alice = await signUp(t.app)
    const bob = await signUp(t.app)
    await createListing(t.app, alice)
    await createListing(t.app, alice)
    await createListing(t.app, bob)
    const response = await get(alice, '/api/stats')
    expect(response.statusCode).toBe(200)
    const stats = response.json()
    expect(Object.keys(stats).sort()).toEqual(['myListings', 'totalListings', 'totalUsers'])
    expect(stats.myListings).toBe(2)
    expect(stats.totalListings).toBeGreaterThanOrEqual(3)
    expect((await get(bob, '/api/stats')).json().myListings).toBe(1)
    expect((await get(await signUp(t.app), '/api/stats')).json().myListings).toBe(0)
  })

  test('the own count follows a post and a delete at once (its cache is cleared by writes)', async () => {
    const carol = await signUp(t.app)
    const mine = async () => (await get(carol, '/api/stats')).json().myListings
    expect(await mine()).toBe(0)
    const id = await createListing(t.app, carol)
    expect(await mine()).toBe(1)
    const removed = await injectAs(t.app, carol, { method: 'DELETE', url: `/api/roommate-listings/${id}` })
    expect(removed.statusCode).toBe(200)
    expect(await mine()).toBe(0)
  })
})

describe('site', () => {
  test('GET /api/health', async () => {
    const response = await get(null, '/api/health')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ status: 'ok' })
  })

  test('GET /api/config', async () => {
    const response = await get(null, '/api/config')
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      currency: 'USD',
      googleSignIn: false,
      tiles: {
        url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
        attribution: '© OpenStreetMap contributors',
        attributionUrl: 'https://www.openstreetmap.org/copyright',
      },
      contact: { email: null, phone: null, hours: null, office: null },
    })
  })

  test.each([
    ['GET', '/api/x'],
    ['GET', '/api'],
    ['GET', '/api/roommate-listings/a/b'],
    ['POST', '/api/x'],
    ['DELETE', '/api/users'],
  ] as const)('%s %s is 404 Not found.', async (method, url) => {
    const alice = await signUp(t.app)
    const response = await injectAs(t.app, alice, {
      method,
      url,
      ...(method === 'POST' ? { payload: {} } : {}),
    })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ error: 'Not found.' })
  })
})
