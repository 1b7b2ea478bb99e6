import { describe, expect, test } from 'vitest'
import { detailsAs } from '../routes/listings/test-requests.ts'
import { likeAs } from '../routes/likes/test-requests.ts'
import {
  BASE_URL,
  createListing,
  createTestApp,
  injectAs,
  signUp,
  sampleListing,
  type TestUser,
  useTestApp,
} from '../test/app.ts'
import { expectError } from './helpers.ts'
import { loadDocument } from './openapi-client.ts'
import { PASSWORD_CHECKS } from '../plugins/sign-in-throttle.ts'
import {
  blockAs,
  conversationBetween,
  inboxAs,
  messagesAs,
  sendAs,
  startAs,
  verifiedUser,
} from '../routes/conversations/test-requests.ts'

// Brute force, harvesting and oversized input: the sign-in and sign-up limits hold per IP, writes and likes per
// person, bodies are small, and failures answer {error} without details.

const t = useTestApp()

describe('per-IP limits on accounts', () => {
  const limited = useTestApp({ RATE_LIMITS: 'true' })

  const post = (url: string, ip: string, payload: object, headers: Record<string, string> = {}) =>
    limited.app.inject({
      method: 'POST',
      url,
      remoteAddress: ip,
      headers: { origin: BASE_URL, ...headers },
      payload,
    })

  test('the 11th sign-in attempt within a minute from one IP answers 429, even with forged client-IP headers', async () => {
    const attempt = (ip: string, n: number) =>
      post(
        '/api/auth/sign-in/email',
        ip,
        { email: `nobody${n}@example.com`, password: 'Wrong123' },
        // Neither the usual proxy header nor the internal one the server sets for Better Auth can move the count.
        { 'x-forwarded-for': `203.0.113.${n}`, 'x-nestmate-client-ip': `192.0.2.${n}` },
      )
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await attempt('198.51.100.1', i)).statusCode)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses[10]).toBe(429)
    // Another client is not affected.
    expect((await attempt('198.51.100.2', 99)).statusCode).toBe(401)
  })

  test('the 6th sign-up within a minute from one IP answers 429', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const email = `limit-${i}-${Math.random().toString(36).slice(2)}@example.com`
      statuses.push(
        (await post('/api/auth/sign-up/email', '198.51.100.7', { name: 'L', email, password: 'Nestmate1' }))
          .statusCode,
      )
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
  })
})

describe('per-account limit on failed sign-ins', () => {
  const limited = useTestApp({ RATE_LIMITS: 'true' })
  let next = 0
  // A new address for every attempt, as a botnet would use: the per-IP limit never triggers.
  const signIn = (email: string, password: string) =>
    limited.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: `198.18.${Math.floor(++next / 250)}.${next % 250}`,
      headers: { origin: BASE_URL },
      payload: { email, password },
    })

  test('after 10 failures in 15 minutes an e-mail answers 429 whether or not its account exists', async () => {
    const alice = await signUp(limited.app)
    const nobody = `nobody-${Math.random().toString(36).slice(2)}@example.com`
    for (let i = 0; i < 10; i++) {
      const [known, unknown] = [await signIn(alice.email, `Wrong-${i}a`), await signIn(nobody, `Wrong-${i}a`)]
      // The same answer for both: nothing tells which account exists.
      expect(known.statusCode).toBe(401)
      expect(unknown.statusCode).toBe(401)
      expect(known.body).toBe(unknown.body)
    }
    const [known, unknown] = [await signIn(alice.email, alice.password), await signIn(nobody, 'Wrong-x1')]
    for (const refused of [known, unknown]) {
      // Better Auth's endpoints answer `message` beside `error`; its web client shows `message`.
      expect(refused.statusCode).toBe(429)
      const { error, message } = refused.json<{ error: string; message: string }>()
      expect(error).toMatch(/^Too many wrong passwords; try again in \d+ minutes\.$/)
      expect(message).toBe(error)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800)
    }
    expect(known.body).toBe(unknown.body)
    expect(known.headers['set-cookie']).toBeUndefined()
    // Letter case doesn't make another account.
    expect((await signIn(alice.email.toUpperCase(), alice.password)).statusCode).toBe(429)
    // Another account is not affected, and a success clears its own count.
    const bob = await signUp(limited.app)
    for (let i = 0; i < 9; i++) expect((await signIn(bob.email, 'Wrong-1a')).statusCode).toBe(401)
    expect((await signIn(bob.email, bob.password)).statusCode).toBe(200)
    for (let i = 0; i < 9; i++) expect((await signIn(bob.email, 'Wrong-1a')).statusCode).toBe(401)
    expect((await signIn(bob.email, bob.password)).statusCode).toBe(200)
  })

  // A stolen session must not guess its owner's password faster than sign-in may: every endpoint that checks a
  // password counts toward the address's one limit, from whatever IP.
  const checkPassword = (user: TestUser, path: string, payload: object) =>
    injectAs(limited.app, user, {
      method: 'POST',
      url: `/api/auth/${path}`,
      remoteAddress: `198.19.${Math.floor(++next / 250)}.${next % 250}`,
      payload,
    })

  test('verify-password, change-password and delete-user count toward the sign-in limit of the session’s address', async () => {
    const carol = await signUp(limited.app)
    const guesses = [
      ['verify-password', { password: 'Wrong-1a' }],
      ['change-password', { currentPassword: 'Wrong-1a', newPassword: 'Another-pass9' }],
      ['delete-user', { password: 'Wrong-1a' }],
    ] as const
    for (let round = 0; round < 3; round++)
      for (const [path, payload] of guesses)
        expect((await checkPassword(carol, path, payload)).statusCode).toBe(400)
    // Nine guesses above, then one at sign-in: the tenth failure.
    expect((await signIn(carol.email, 'Wrong-1a')).statusCode).toBe(401)
    for (const [path, payload] of guesses) {
      const refused = await checkPassword(carol, path, payload)
      expect(refused.statusCode).toBe(429)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(800)
    }
    // Even the right password waits, at either door.
    expect((await checkPassword(carol, 'verify-password', { password: carol.password })).statusCode).toBe(429)
    expect((await signIn(carol.email, carol.password)).statusCode).toBe(429)
  })

  test('a right password at verify-password clears the count, as at sign-in', async () => {
    const dan = await signUp(limited.app)
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < 9; i++)
        expect((await checkPassword(dan, 'verify-password', { password: 'Wrong-1a' })).statusCode).toBe(400)
      expect((await checkPassword(dan, 'verify-password', { password: dan.password })).statusCode).toBe(200)
    }
    expect((await signIn(dan.email, dan.password)).statusCode).toBe(200)
  })

  test('every Better Auth endpoint that takes a password to check is counted', async () => {
    const document = await loadDocument(limited.app)
    const checking = Object.entries(document.paths).flatMap(([path, item]) => {
      const body = (item as { post?: { requestBody?: { content?: Record<string, { schema?: object }> } } })
        .post?.requestBody?.content?.['application/json']?.schema as { properties?: object } | undefined
      const fields = Object.keys(body?.properties ?? {}).filter((name) =>
        /^(?:current)?password$/i.test(name),
      )
      // A sign-up's password is a new one, checked against nothing.
      return fields.length > 0 && path !== '/api/auth/sign-up/email' ? [path] : []
    })
    expect(checking.sort()).toEqual(Object.keys(PASSWORD_CHECKS).sort())
  })
})

describe('per-IP limits behind one proxy (TRUST_PROXY=1)', () => {
  const proxied = useTestApp({ RATE_LIMITS: 'true', TRUST_PROXY: '1' })

  const signInVia = (forwardedFor: string, n: number) =>
    proxied.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.0.0.2',
      headers: { origin: BASE_URL, 'x-forwarded-for': forwardedFor },
      payload: { email: `proxied${n}@example.com`, password: 'Wrong123' },
    })

  test('the address the proxy saw is counted: addresses a client adds in front of it move nothing', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 11; i++)
      statuses.push((await signInVia(`203.0.113.${i}, 198.51.100.30`, i)).statusCode)
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
    expect(statuses[10]).toBe(429)
    // Another client behind the same proxy has its own count.
    expect((await signInVia('198.51.100.31', 99)).statusCode).toBe(401)
  })
})

describe('per-person rate limits', () => {
  test('the 31st like and the 61st write within an hour answer 429; another person is not affected', async () => {
    const limited = await createTestApp({ RATE_LIMITS: 'true' })
    try {
      const [owner, harvester, other] = [
        await signUp(limited.app),
        await signUp(limited.app),
        await signUp(limited.app),
      ]
      const ids: string[] = []
      for (let i = 0; i < 31; i++)
        ids.push(await createListing(limited.app, owner, { title: `Listing ${i}` }))
      const like = (user: TestUser, id: string) => likeAs(limited.app, user, id)
      for (const id of ids.slice(0, 30)) expect((await like(harvester, id)).statusCode).toBe(200)
      const refused = await like(harvester, ids[30]!)
      expectError(refused, 429, /^Too many requests/)
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
      // The refused like did not happen.
      const details = await detailsAs(limited.app, harvester, ids[30]!)
      expect(details.json()).toMatchObject({ likes: 0, likedByMe: false })
      expect(details.json()).not.toHaveProperty('number')

      const otherLike = await like(other, ids[30]!)
      expect(otherLike.statusCode).toBe(200)
      expect(otherLike.json()).toMatchObject({ likes: 1, liked: true })

      // Writes have their own budget of 60 an hour: the owner has used 31 of them.
      for (let i = 31; i < 60; i++) await createListing(limited.app, owner, { title: `Listing ${i}` })
      const create = (user: TestUser) =>
        injectAs(limited.app, user, {
          method: 'POST',
          url: '/api/roommate-listings',
          payload: sampleListing(),
        })
      expectError(await create(owner), 429, /^Too many requests/)
      expect((await create(harvester)).statusCode).toBe(201)
    } finally {
      await limited.close()
    }
  })
})

describe('per-person limit on detail reads', () => {
  const limited = useTestApp({ RATE_LIMITS: 'true' })

  // Browse lists every id; reading each listing's details in turn is harvesting, not looking for a room.
  test('the 301st details read within an hour answers 429; another person is not affected', async () => {
    const [owner, reader, other] = [
      await signUp(limited.app),
      await signUp(limited.app),
      await signUp(limited.app),
    ]
    const id = await createListing(limited.app, owner)
    for (let batch = 0; batch < 300; batch += 25) {
      const reads = await Promise.all(Array.from({ length: 25 }, () => detailsAs(limited.app, reader, id)))
      expect(reads.map((read) => read.statusCode)).toEqual(Array(25).fill(200))
    }
    const refused = await detailsAs(limited.app, reader, id)
    expectError(refused, 429, /^Too many requests; try again in /)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await detailsAs(limited.app, other, id)).statusCode).toBe(200)
    // Its own budget: the reader may still like.
    expect((await likeAs(limited.app, reader, id)).statusCode).toBe(200)
  }, 180_000)
})

describe('per-person limit on the user record', () => {
  const limited = useTestApp({ RATE_LIMITS: 'true' })

  test('the 31st POST /api/users within an hour answers 429; another person is not affected', async () => {
    const [alice, bob] = [await signUp(limited.app), await signUp(limited.app)]
    const write = (user: TestUser, n: number) =>
      injectAs(limited.app, user, {
        method: 'POST',
        url: '/api/users',
        payload: { name: `Name ${n}`, photo: '', email: user.email },
      })
    for (let i = 0; i < 30; i++) expect((await write(alice, i)).statusCode).toBe(200)
    const refused = await write(alice, 30)
    expectError(refused, 429, /^Too many requests/)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await write(bob, 0)).statusCode).toBe(200)
  })
})

describe('limits and error answers', () => {
  test('a body over 32 kB answers 413', async () => {
    const alice = await signUp(t.app)
    const response = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/roommate-listings',
      payload: sampleListing({ description: 'x'.repeat(33 * 1024) }),
    })
    expectError(response, 413, 'The request body is too large.')
  })

  test('malformed JSON does not echo the body or the parser error', async () => {
    const alice = await signUp(t.app)
    const response = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/roommate-listings',
      headers: { 'content-type': 'application/json' },
      payload: '{"title": <script>',
    })
    expectError(response, 400, 'The request body is not valid JSON.')
    expect(response.body).not.toContain('script')
  })

  test('the usual error paths answer {error} with no stack', async () => {
    const alice = await signUp(t.app)
    const bob = await signUp(t.app)
    const id = await createListing(t.app, alice)
    expectError(
      await injectAs(t.app, null, { method: 'GET', url: `/api/roommate-listings/${id}` }),
      401,
      /.+/,
    )
    expectError(
      await injectAs(t.app, bob, { method: 'DELETE', url: `/api/roommate-listings/${id}` }),
      403,
      'You can only delete your own listings.',
    )
    expectError(
      await injectAs(t.app, bob, { method: 'GET', url: '/api/roommate-listings?cursor=%%%' }),
      400,
      'Malformed cursor.',
    )
    expectError(await injectAs(t.app, bob, { method: 'DELETE', url: '/api/users' }), 404, 'Not found.')
  })

  test('a closed database answers 503 with no details, and health says 503', async () => {
    const broken = await createTestApp()
    try {
      await broken.database.close()
      for (const url of ['/api/roommate-listings', '/api/featured-roommates', '/api/stats']) {
        const response = await injectAs(broken.app, null, { method: 'GET', url })
        expectError(response, 503, 'The database is unavailable; try again shortly.')
      }
      expectError(
        await injectAs(broken.app, null, { method: 'GET', url: '/api/health' }),
        503,
        'The database is unavailable.',
      )
    } finally {
      await broken.app.close()
    }
  })
})

describe('per-person limits on conversations', () => {
  const limited = useTestApp({ RATE_LIMITS: 'true' })

  test('the 21st start within a day and the 201st message within an hour answer 429, each its own budget', async () => {
    const poster = await signUp(limited.app)
    const [seeker, other] = [await verifiedUser(limited), await verifiedUser(limited)]
    const listingId = await createListing(limited.app, poster)
    const starts = []
    for (let i = 0; i < 20; i++)
      starts.push((await startAs(limited.app, seeker, listingId, `Hello ${i}`)).statusCode)
    expect(starts).toEqual([201, ...Array(19).fill(200)])
    const tooMany = await startAs(limited.app, seeker, listingId, 'One more')
    expectError(tooMany, 429, /^Too many requests; try again in /)
    expect(Number(tooMany.headers['retry-after'])).toBeGreaterThan(3600)
    expect((await startAs(limited.app, other, listingId)).statusCode).toBe(201)

    const id = (await inboxAs(limited.app, seeker)).json()[0].id
    for (let batch = 0; batch < 200; batch += 25) {
      const sent = await Promise.all(
        Array.from({ length: 25 }, (_, i) => sendAs(limited.app, seeker, id, `m${batch + i}`)),
      )
      expect(sent.map((response) => response.statusCode)).toEqual(Array(25).fill(201))
    }
    const refused = await sendAs(limited.app, seeker, id, 'm200')
    expectError(refused, 429, /^Too many requests; try again in /)
    // The refused message was not stored; the other side may still answer.
    expect((await messagesAs(limited.app, seeker, id, '?limit=1')).json().messages[0].body).not.toBe('m200')
    expect((await sendAs(limited.app, poster, id, 'Answer')).statusCode).toBe(201)
  }, 180_000)
})

describe('per-person limit on blocks', () => {
  const limited = useTestApp({ RATE_LIMITS: 'true' })

  // Each block and unblock reloads the other person's open conversation: in a loop it would be a way to harass.
  test('the 61st block or unblock within an hour answers 429 and changes nothing; the other side is not affected', async () => {
    const { poster, seeker, id } = await conversationBetween(limited)
    const statuses: number[] = []
    for (let i = 0; i < 60; i++)
      statuses.push((await blockAs(limited.app, poster, id, i % 2 === 0)).statusCode)
    expect(statuses).toEqual(Array(60).fill(200))
    const refused = await blockAs(limited.app, poster, id, true)
    expectError(refused, 429, /^Too many requests; try again in /)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    // The refused block was not made: the seeker may still write; and the seeker's own budget is untouched.
    expect((await sendAs(limited.app, seeker, id, 'Still there?')).statusCode).toBe(201)
    expect((await blockAs(limited.app, seeker, id, true)).statusCode).toBe(200)
  }, 60_000)
})
