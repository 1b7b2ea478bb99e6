import { randomUUID } from 'node:crypto'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { ListingDetailSchema } from '#shared/listing.ts'
import { namedStatements } from '../../db/pglite-named-statement.ts'
import { createListing, injectAs, signUp, sampleListing, type TestUser, useTestApp } from '../../test/app.ts'
import { detailsAs, MALFORMED_ID, NOT_FOUND, SIGN_IN } from './test-requests.ts'
import { likeAs } from '../likes/test-requests.ts'
import { EARLY_BIRD, NIGHT_OWL, putProfile } from '../living-profile/test-profiles.ts'
import { CONTACT_MESSAGES } from '#shared/contact.ts'

const t = useTestApp()

const details = (user: TestUser | null, id: string) => detailsAs(t.app, user, id)
const like = (user: TestUser, id: string) => likeAs(t.app, user, id)
const update = (user: TestUser | null, id: string, payload: object) =>
  injectAs(t.app, user, { method: 'PUT', url: `/api/roommate-listings/${id}`, payload })
const remove = (user: TestUser | null, id: string) =>
  injectAs(t.app, user, { method: 'DELETE', url: `/api/roommate-listings/${id}` })
const post = (user: TestUser | null, payload: unknown) =>
  injectAs(t.app, user, { method: 'POST', url: '/api/roommate-listings', payload: payload as object })

describe('POST /api/roommate-listings', () => {
  test('creates a listing owned by the caller, with 0 likes, ignoring owner fields from the body', async () => {
    const alice = await signUp(t.app, { name: 'Alice Owner' })
    const bob = await signUp(t.app)
    const response = await post(
      alice,
      sampleListing({ userEmail: bob.email, userName: 'Mallory', likes: 999, rent: '900' }),
    )
    expect(response.statusCode).toBe(201)
    const { success, insertedId } = response.json()
    expect(success).toBe(true)
    expect(insertedId).toMatch(/^[0-9a-f-]{36}$/)
    const answer = await details(alice, insertedId)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toMatchObject({
      _id: insertedId,
      title: 'Sunny room near the park',
      location: 'Portland, OR',
      roomType: 'Single',
      lifestyle: 'Early riser, quiet evenings',
      description: 'A bright room in a calm shared flat.',
      availability: 'Available',
      userEmail: alice.email,
      userName: 'Alice Owner',
      likes: 0,
      rent: 900,
      contact: 'https://facebook.com/nestmate.tester',
      isOwner: true,
      likedByMe: false,
      number: '+1 (503) 555-0100',
    })
  })

  test('answers 401 to anonymous callers and stores nothing', async () => {
    const title = `Anonymous ${randomUUID()}`
    const response = await post(null, sampleListing({ title }))
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual(SIGN_IN)
    const browse = await injectAs(t.app, null, {
      method: 'GET',
      url: `/api/roommate-listings?q=${encodeURIComponent(title)}`,
    })
    expect(browse.json()).toEqual([])
  })

  test('accepts a studio, a formatted phone number, and defaults availability to Available', async () => {
    const alice = await signUp(t.app)
    const { availability: _omitted, ...withoutAvailability } = sampleListing({
      roomType: 'Studio',
      number: '+1 (555) 010-2030',
    })
    const id = await createListing(t.app, alice, withoutAvailability)
    expect((await details(alice, id)).json()).toMatchObject({
      roomType: 'Studio',
      number: '+1 (555) 010-2030',
      availability: 'Available',
    })
  })

  test('keeps optional fields optional', async () => {
    const alice = await signUp(t.app)
    const id = await createListing(t.app, alice, {
      lifestyle: undefined,
      description: undefined,
      number: undefined,
      availability: '',
    })
    expect((await details(alice, id)).json()).toMatchObject({
      lifestyle: '',
      description: '',
      number: '',
      availability: 'Available',
    })
  })

  test('drops unknown body fields', async () => {
    const alice = await signUp(t.app)
    const id = await createListing(t.app, alice, {
      ownerId: randomUUID(),
      _id: randomUUID(),
      isAdmin: true,
      createdAt: '2000-01-01T00:00:00.000Z',
    })
    const body = (await details(alice, id)).json()
    expect(body).toMatchObject({ _id: id, userEmail: alice.email, isOwner: true })
    expect(body).not.toHaveProperty('isAdmin')
    expect(body.createdAt).not.toBe('2000-01-01T00:00:00.000Z')
  })

  describe('refuses invalid input with 400 and a clear message', () => {
    let alice: TestUser
    beforeAll(async () => {
      alice = await signUp(t.app)
    })

    test.each([
      ['title', 'title', 'Title is required.'],
      ['location', 'location', 'Location is required.'],
      ['rent', 'rent', 'Rent is required.'],
      ['roomType', 'roomType', 'Room type must be Single, Shared or Studio.'],
      ['contact', 'contact', 'Contact info is required.'],
    ])('a missing %s', async (field, path, message) => {
      const payload: Record<string, unknown> = sampleListing()
      delete payload[field]
      const response = await post(alice, payload)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ error: message, issues: [{ path, message }] })
    })

    test.each([
      ['an empty title', { title: '   ' }, 'title', 'Title is required.'],
      ['an empty rent', { rent: '' }, 'rent', 'Rent is required.'],
      ['rent "abc"', { rent: 'abc' }, 'rent', 'Rent must be a number.'],
      ['rent true', { rent: true }, 'rent', 'Rent must be a number.'],
      ['rent -1', { rent: -1 }, 'rent', 'Rent cannot be negative.'],
      ['rent 1.5', { rent: 1.5 }, 'rent', 'Rent must be a whole number.'],
      ['rent 1000001', { rent: 1_000_001 }, 'rent', 'Rent must be at most 1,000,000.'],
      ['a number as title', { title: 42 }, 'title', 'Title must be text.'],
      [
        'a title of 121 characters',
        { title: 'x'.repeat(121) },
        'title',
        'Title must be at most 120 characters.',
      ],
      [
        'a location of 121 characters',
        { location: 'x'.repeat(121) },
        'location',
        'Location must be at most 120 characters.',
      ],
      [
        'a lifestyle of 301 characters',
        { lifestyle: 'x'.repeat(301) },
        'lifestyle',
        'Lifestyle must be at most 300 characters.',
      ],
      [
        'a description of 5001 characters',
        { description: 'x'.repeat(5001) },
        'description',
        'Description must be at most 5000 characters.',
      ],
      [
        'an unknown room type',
        { roomType: 'Castle' },
        'roomType',
        'Room type must be Single, Shared or Studio.',
      ],
      [
        'an unknown availability',
        { availability: 'Maybe' },
        'availability',
        'Availability must be Available or Not Available.',
      ],
      ['a javascript: contact', { contact: 'javascript:alert(1)' }, 'contact', CONTACT_MESSAGES.notAnAddress],
      [
        'a data: contact',
        { contact: 'data:text/html,<script>alert(1)</script>' },
        'contact',
        CONTACT_MESSAGES.notAnAddress,
      ],
      [
        'a contact that is no address',
        { contact: 'call me maybe' },
        'contact',
        CONTACT_MESSAGES.notAnAddress,
      ],
      [
        'an e-mail address as the contact',
        { contact: 'jane@example.com' },
        'contact',
        CONTACT_MESSAGES.email,
      ],
      ['a phone number as the contact', { contact: '+1 (503) 555-0142' }, 'contact', CONTACT_MESSAGES.phone],
      [
        'a phone number with letters',
        { number: '555-CALL-NOW' },
        'number',
        'Phone number may contain only digits, spaces, +, -, ( and ).',
      ],
    ])('%s', async (_name, overrides, path, message) => {
      const response = await post(alice, sampleListing(overrides))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ error: message, issues: [{ path, message }] })
    })

    test('accepts the largest allowed sizes and rent bounds', async () => {
      const id = await createListing(t.app, alice, {
        title: 't'.repeat(120),
        description: 'd'.repeat(5000),
        rent: 1_000_000,
      })
      const body = (await details(alice, id)).json()
      expect(body.title).toHaveLength(120)
      expect(body.description).toHaveLength(5000)
      expect(body.rent).toBe(1_000_000)
      await createListing(t.app, alice, { rent: 0 })
    })

    test('a body that is not an object', async () => {
      const response = await post(alice, [sampleListing()])
      expect(response.statusCode).toBe(400)
      expect(response.json().error).toEqual(expect.any(String))
    })

    test('malformed JSON', async () => {
      const response = await injectAs(t.app, alice, {
        method: 'POST',
        url: '/api/roommate-listings',
        headers: { 'content-type': 'application/json' },
        payload: '{"title": "Unfinished',
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ error: 'The request body is not valid JSON.' })
    })

    test.each([
      ['__proto__', '{"__proto__":{"isAdmin":true},"title":"a"}'],
      ['constructor.prototype', '{"constructor":{"prototype":{"isAdmin":true}}}'],
    ])('a JSON body with a %s key is refused', async (_name, payload) => {
      const response = await injectAs(t.app, alice, {
        method: 'POST',
        url: '/api/roommate-listings',
        headers: { 'content-type': 'application/json' },
        payload,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({ error: 'The request body is not valid JSON.' })
    })

    test('an empty body lists every missing field', async () => {
      const response = await injectAs(t.app, alice, {
        method: 'POST',
        url: '/api/roommate-listings',
        headers: { 'content-type': 'application/json' },
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual({
        error: 'Title is required.',
        issues: [
          { path: 'title', message: 'Title is required.' },
          { path: 'location', message: 'Location is required.' },
          { path: 'rent', message: 'Rent is required.' },
          { path: 'roomType', message: 'Room type must be Single, Shared or Studio.' },
          { path: 'contact', message: 'Contact info is required.' },
          { path: 'advertiser', message: 'Who is posting is required.' },
        ],
      })
    })

    test('a non-JSON content type answers 415', async () => {
      const response = await injectAs(t.app, alice, {
        method: 'POST',
        url: '/api/roommate-listings',
        headers: { 'content-type': 'text/plain' },
        payload: JSON.stringify(sampleListing()),
      })
      expect(response.statusCode).toBe(415)
      expect(response.json()).toEqual({ error: 'Send the body as application/json.' })
    })
  })
})

describe('GET /api/roommate-listings/:id', () => {
  test('needs a session', async () => {
    const alice = await signUp(t.app)
    const id = await createListing(t.app, alice)
    const response = await details(null, id)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual(SIGN_IN)
  })

  test('a signed-out session no longer counts', async () => {
    const alice = await signUp(t.app)
    const id = await createListing(t.app, alice)
    const signOut = await injectAs(t.app, alice, { method: 'POST', url: '/api/auth/sign-out', payload: {} })
    expect(signOut.statusCode).toBe(200)
    const response = await details(alice, id)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual(SIGN_IN)
    expect((await post(alice, sampleListing())).statusCode).toBe(401)
  })

  test('answers createdAt and updatedAt as a JavaScript Date writes them: UTC, milliseconds truncated', async () => {
    const alice = await signUp(t.app)
    const id = await createListing(t.app, alice)
    // PostgreSQL keeps microseconds; the answer is formatted in SQL, so it must truncate them as Date does.
    const created = 1_717_171_717_123_999n // µs since 1970: 2024-05-31T16:08:37.123999Z
    const updated = 1_735_689_599_999_999n // the last microsecond of 2024
    await t.database.db.execute(sql`
      update listing set
        created_at = 'epoch'::timestamptz + ${String(created)}::bigint * interval '1 microsecond',
        updated_at = 'epoch'::timestamptz + ${String(updated)}::bigint * interval '1 microsecond'
      where id = ${id}::uuid`)
    const iso = (micros: bigint) => new Date(Number(micros / 1000n)).toISOString()
    for (const viewer of [alice, await signUp(t.app)]) {
      const body = (await details(viewer, id)).json()
      expect(body).toMatchObject({ createdAt: iso(created), updatedAt: iso(updated) })
    }
    const [mine] = (await injectAs(t.app, alice, { method: 'GET', url: '/api/my-listings' })).json<
      { createdAt: string; updatedAt: string }[]
    >()
    expect(mine).toMatchObject({
      createdAt: '2024-05-31T16:08:37.123Z',
      updatedAt: '2024-12-31T23:59:59.999Z',
    })
  })

  test("hides the phone number and e-mail from someone who hasn't liked the listing, until they like it", async () => {
    const alice = await signUp(t.app, { name: 'Alice Poster' })
    const bob = await signUp(t.app)
    const id = await createListing(t.app, alice, { number: '+1 (555) 010-2030' })

    const before = await details(bob, id)
    expect(before.statusCode).toBe(200)
    expect(before.headers['cache-control']).toBe('no-store')
    const body = before.json()
    expect(body).not.toHaveProperty('number')
    // The e-mail is a contact like the phone: browse lists every id, so answering it to anyone would give away
    // every poster's address.
    expect(body).not.toHaveProperty('userEmail')
    expect(before.body).not.toContain(alice.email)
    // Exactly the answer's fields: the precompiled serializer writes what the schema lists, and nothing the row
    // carries besides (the owner's id, the phone number) may reach the browser.
    // The schema's fields but the contacts and browse's distance.
    const hidden = ['number', 'userEmail', 'distanceKm']
    expect(Object.keys(body).sort()).toEqual(
      Object.keys(ListingDetailSchema.shape)
        .filter((key) => !hidden.includes(key))
        .sort(),
    )
    expect(body).toMatchObject({
      _id: id,
      userName: 'Alice Poster',
      isOwner: false,
      likedByMe: false,
      likes: 0,
    })

    expect((await like(bob, id)).statusCode).toBe(200)
    expect((await details(bob, id)).json()).toMatchObject({
      number: '+1 (555) 010-2030',
      userEmail: alice.email,
      likedByMe: true,
      isOwner: false,
      likes: 1,
    })
    // The owner always sees it.
    expect((await details(alice, id)).json()).toMatchObject({
      number: '+1 (555) 010-2030',
      userEmail: alice.email,
      isOwner: true,
      likedByMe: false,
    })
  })

  test('the listing, its photos, the like and both living profiles are read in one statement', async () => {
    // Decision 043: one round trip where there were three. Every statement either driver sends during one GET
    // is recorded (after a first GET, so the session is cached and the statement prepared); the ones that read a
    // listing's tables or a living profile must be one.
    const owner = await signUp(t.app)
    const viewer = await signUp(t.app)
    for (const [person, profile] of [
      [owner, EARLY_BIRD],
      [viewer, NIGHT_OWL],
    ] as const)
      expect((await putProfile(t.app, person, profile)).statusCode).toBe(200)
    const id = await createListing(t.app, owner)
    expect((await details(viewer, id)).statusCode).toBe(200)

    const drivers = [vi.spyOn(pg.Client.prototype, 'query'), vi.spyOn(PGlite.prototype, 'query')]
    const named = vi.spyOn(namedStatements, 'query')
    const sentDuring = async <T>(act: () => Promise<T>) => {
      try {
        const result = await act()
        const calls = drivers.flatMap((spy) => spy.mock.calls as unknown as [string | { text: string }][])
        return {
          result,
          sent: [
            ...calls.map(([query]) => (typeof query === 'string' ? query : query.text)),
            ...named.mock.calls.map(([, , text]) => text),
          ],
        }
      } finally {
        named.mockRestore()
        for (const spy of drivers) spy.mockRestore()
      }
    }
    const { result: response, sent } = await sentDuring(() => details(viewer, id))
    expect(response.statusCode).toBe(200)
    expect(response.json().match).toMatchObject({ score: expect.any(Number) })
    const reads = sent.filter((text) => /\b(listing|living_profile)/.test(text))
    expect(reads, sent.join('\n\n')).toHaveLength(1)
  })

  test('404 for a well-formed unknown id', async () => {
    const bob = await signUp(t.app)
    const response = await details(bob, randomUUID())
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual(NOT_FOUND)
  })

  test.each(['not-an-id', '123', `${randomUUID()}x`, "1' or '1'='1"])(
    '400 for a malformed id %j',
    async (id) => {
      const bob = await signUp(t.app)
      const response = await details(bob, encodeURIComponent(id))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toEqual(MALFORMED_ID)
    },
  )
})

describe('PUT /api/roommate-listings/:id', () => {
  test('the owner changes every editable field', async () => {
    const alice = await signUp(t.app)
    const id = await createListing(t.app, alice)
    const changes = {
      title: 'Quiet studio',
      location: 'Seattle, WA',
      rent: 1200,
      roomType: 'Studio',
      lifestyle: 'Night owl',
      description: 'Top floor.',
      contact: 'https://example.com/me',
      number: '555 0199',
      availability: 'Not Available',
      advertiser: 'agent',
    }
    const response = await update(alice, id, changes)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Listing updated successfully' })
    const body = (await details(alice, id)).json()
    expect(body).toMatchObject({ ...changes, _id: id, userEmail: alice.email })
    expect(Date.parse(body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(body.createdAt))
  })

  test('cannot change the owner, name or likes', async () => {
    const alice = await signUp(t.app, { name: 'Alice Keeper' })
    const bob = await signUp(t.app)
    const id = await createListing(t.app, alice)
    await like(bob, id)
    const response = await update(
      alice,
      id,
      sampleListing({ title: 'Renamed', userEmail: bob.email, userName: 'Mallory', likes: 500 }),
    )
    expect(response.statusCode).toBe(200)
    expect((await details(alice, id)).json()).toMatchObject({
      title: 'Renamed',
      userEmail: alice.email,
      userName: 'Alice Keeper',
      likes: 1,
      isOwner: true,
    })
    expect((await details(bob, id)).json()).toMatchObject({ isOwner: false, likedByMe: true })
  })

  test("403 for someone else's listing, which stays unchanged", async () => {
    const alice = await signUp(t.app)
    const bob = await signUp(t.app)
    const id = await createListing(t.app, alice, { title: 'Original title' })
    const before = (await details(alice, id)).json()
    const response = await update(bob, id, sampleListing({ title: 'Hijacked' }))
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ error: 'You can only change your own listings.' })
    expect((await details(alice, id)).json()).toEqual(before)
  })

  test('401 without a session', async () => {
    const alice = await signUp(t.app)
    const id = await createListing(t.app, alice, { title: 'Untouched' })
    const response = await update(null, id, sampleListing({ title: 'Anonymous edit' }))
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual(SIGN_IN)
    expect((await details(alice, id)).json().title).toBe('Untouched')
  })

  test('404 for a well-formed unknown id', async () => {
    const alice = await signUp(t.app)
    const response = await update(alice, randomUUID(), sampleListing())
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual(NOT_FOUND)
  })

  test('400 for a malformed id', async () => {
    const alice = await signUp(t.app)
    const response = await update(alice, 'nope', sampleListing())
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(MALFORMED_ID)
  })

  test('400 for an invalid body, and the listing stays unchanged', async () => {
    const alice = await signUp(t.app)
    const id = await createListing(t.app, alice, { rent: 700 })
    const response = await update(alice, id, sampleListing({ rent: -5 }))
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({
      error: 'Rent cannot be negative.',
      issues: [{ path: 'rent', message: 'Rent cannot be negative.' }],
    })
    expect((await details(alice, id)).json().rent).toBe(700)
  })
})

describe('DELETE /api/roommate-listings/:id', () => {
  test('the owner deletes a listing; it is gone afterwards', async () => {
    const alice = await signUp(t.app)
    const id = await createListing(t.app, alice)
    const response = await remove(alice, id)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Listing deleted successfully' })
    expect((await details(alice, id)).statusCode).toBe(404)
    const again = await remove(alice, id)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual(NOT_FOUND)
  })

  test("403 for someone else's listing, which is still there", async () => {
    const alice = await signUp(t.app)
    const bob = await signUp(t.app)
    const id = await createListing(t.app, alice)
    const response = await remove(bob, id)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ error: 'You can only delete your own listings.' })
    expect((await details(alice, id)).statusCode).toBe(200)
  })

  test('401 without a session', async () => {
    const alice = await signUp(t.app)
    const id = await createListing(t.app, alice)
    const response = await remove(null, id)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual(SIGN_IN)
    expect((await details(alice, id)).statusCode).toBe(200)
  })

  test('404 for a well-formed unknown id and 400 for a malformed one', async () => {
    const alice = await signUp(t.app)
    const unknown = await remove(alice, randomUUID())
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual(NOT_FOUND)
    const malformed = await remove(alice, 'abc')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual(MALFORMED_ID)
  })
})

describe('GET /api/my-listings', () => {
  const mine = (user: TestUser | null, query = '') =>
    injectAs(t.app, user, { method: 'GET', url: `/api/my-listings${query}` })

  test("lists only the caller's listings, newest first, with their phone numbers", async () => {
    const alice = await signUp(t.app)
    const bob = await signUp(t.app)
    const first = await createListing(t.app, alice, { title: 'First' })
    const second = await createListing(t.app, alice, { title: 'Second' })
    await createListing(t.app, bob, { title: 'Not yours' })

    for (const query of [
      '',
      `?email=${encodeURIComponent(alice.email)}`,
      `?email=${alice.email.toUpperCase()}`,
    ]) {
      const response = await mine(alice, query)
      expect(response.statusCode).toBe(200)
      const listings = response.json()
      expect(listings.map((l: { _id: string }) => l._id)).toEqual([second, first])
      expect(listings[0]).toMatchObject({
        title: 'Second',
        userEmail: alice.email,
        number: '+1 (503) 555-0100',
        contact: 'https://facebook.com/nestmate.tester',
      })
    }
  })

  test('an empty list for someone with no listings', async () => {
    const carol = await signUp(t.app)
    const response = await mine(carol)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual([])
  })

  test("403 for another person's email", async () => {
    const alice = await signUp(t.app)
    const bob = await signUp(t.app)
    await createListing(t.app, alice)
    const response = await mine(bob, `?email=${encodeURIComponent(alice.email)}`)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ error: 'You can only list your own listings.' })
  })

  test('401 without a session', async () => {
    const alice = await signUp(t.app)
    const response = await mine(null, `?email=${encodeURIComponent(alice.email)}`)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual(SIGN_IN)
  })
})

describe('GET /api/featured-roommates', () => {
  test('up to 6 Available listings, newest first, with only the public card fields', async () => {
    const alice = await signUp(t.app, { name: 'Featured Poster' })
    const ids: string[] = []
    for (let i = 0; i < 7; i++) ids.push(await createListing(t.app, alice, { title: `Featured ${i}` }))
    const hidden = await createListing(t.app, alice, { availability: 'Not Available' })
    const response = await injectAs(t.app, null, { method: 'GET', url: '/api/featured-roommates' })
    expect(response.statusCode).toBe(200)
    const featured = response.json()
    expect(featured.map((l: { _id: string }) => l._id)).toEqual(ids.slice(1).reverse())
    expect(featured.map((l: { _id: string }) => l._id)).not.toContain(hidden)
    const detail = await injectAs(t.app, alice, { method: 'GET', url: `/api/roommate-listings/${ids[6]}` })
    expect(featured[0]).toEqual({
      _id: ids[6],
      title: 'Featured 6',
      availability: 'Available',
      location: 'Portland, OR',
      userName: 'Featured Poster',
      isExample: false,
      rent: 850,
      roomType: 'Single',
      confirmedAt: detail.json().confirmedAt,
      cover: null,
      advertiser: 'flatmate',
      ...{ ownerVerified: false, referenceCount: 0, replyRate: null, replyHours: null },
    })
  })
})
