import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import {
  createListing,
  createTestApp,
  injectAs,
  signUp,
  validListing,
  type TestApp,
  type TestUser,
} from '../test/app.ts'
import { detailsAs, likeAs } from '../routes/listings/test-requests.ts'

let t: TestApp
let webRoot: string

beforeAll(async () => {
  webRoot = mkdtempSync(path.join(tmpdir(), 'nestmate-web-'))
  writeFileSync(
    path.join(webRoot, 'index.html'),
    '<!doctype html><title>Nestmate</title><div id="root"></div>',
  )
  t = await createTestApp({}, { webRoot })
})
afterAll(async () => {
  await t.close()
  rmSync(webRoot, { recursive: true, force: true })
})

/** Error answers are `{ error }` and never carry a stack trace or an internal error name. */
function expectError(response: LightMyRequestResponse, status: number, error: string | RegExp) {
  expect(response.statusCode).toBe(status)
  expect(response.headers['content-type']).toMatch(/^application\/json/)
  const body = response.json()
  expect(body).toEqual({ error: typeof error === 'string' ? error : expect.stringMatching(error) })
  expect(response.body).not.toMatch(/\bat .+:\d+|node_modules|\.ts\b|FST_ERR|Error:/)
}

function expectSecurityHeaders(response: LightMyRequestResponse) {
  const csp = String(response.headers['content-security-policy'])
  const directives = new Map(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/)
      return [name, values.join(' ')] as const
    }),
  )
  expect(directives.get('script-src')).toBe("'self'")
  expect(directives.get('frame-ancestors')).toBe("'none'")
  expect(directives.get('object-src')).toBe("'none'")
  expect(directives.get('default-src')).toBe("'self'")
  expect(response.headers['x-content-type-options']).toBe('nosniff')
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
  expect(response.headers).not.toHaveProperty('x-powered-by')
}

describe('security headers', () => {
  test('on an API answer', async () => {
    const response = await injectAs(t.app, null, { method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expectSecurityHeaders(response)
    expect(response.headers).not.toHaveProperty('strict-transport-security')
  })

  test('on an API error', async () => {
    const response = await injectAs(t.app, null, { method: 'GET', url: '/api/nothing-here' })
    expectError(response, 404, 'Not found.')
    expectSecurityHeaders(response)
  })

  test('on the web app, including a client-side route served by the history fallback', async () => {
    for (const url of ['/', '/browse-listing', '/dashboard/my-listing']) {
      const response = await injectAs(t.app, null, { method: 'GET', url })
      expect(response.statusCode).toBe(200)
      expect(response.headers['content-type']).toMatch(/^text\/html/)
      expect(response.body).toContain('<div id="root">')
      expectSecurityHeaders(response)
      expect(response.headers).not.toHaveProperty('strict-transport-security')
    }
  })

  test('HSTS and upgrade-insecure-requests only when the base URL is https', async () => {
    const secure = await createTestApp({ baseUrl: 'https://nestmate.example' }, { webRoot })
    try {
      for (const url of ['/api/health', '/']) {
        const response = await secure.app.inject({ method: 'GET', url })
        expect(response.statusCode).toBe(200)
        expectSecurityHeaders(response)
        expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
        expect(response.headers['content-security-policy']).toContain('upgrade-insecure-requests')
      }
    } finally {
      await secure.close()
    }
    const plain = await injectAs(t.app, null, { method: 'GET', url: '/' })
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests')
  })
})

describe('cross-site writes are refused', () => {
  let alice: TestUser
  let bob: TestUser
  let listingId: string
  beforeAll(async () => {
    alice = await signUp(t.app)
    bob = await signUp(t.app)
    listingId = await createListing(t.app, alice, { title: 'Target' })
  })

  const details = () => detailsAs(t.app, alice, listingId)
  const writes = () =>
    [
      { method: 'POST', url: '/api/roommate-listings', payload: validListing(), user: alice },
      {
        method: 'PUT',
        url: `/api/roommate-listings/${listingId}`,
        payload: validListing({ title: 'X' }),
        user: alice,
      },
      { method: 'DELETE', url: `/api/roommate-listings/${listingId}`, user: alice },
      { method: 'PATCH', url: `/api/listings/${listingId}/like`, payload: {}, user: bob },
      { method: 'POST', url: '/api/users', payload: { name: 'X', email: alice.email }, user: alice },
    ] as const

  test.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['an Origin differing only in port', { origin: 'http://localhost:3001' }],
    ['the null Origin', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('%s: 403 and nothing changes', async (_name, headers) => {
    for (const { user, ...request } of writes()) {
      const response = await injectAs(t.app, user, { ...request, headers })
      expectError(response, 403, 'Cross-site requests are not allowed.')
    }
    expect((await details()).json()).toMatchObject({ title: 'Target', likes: 0 })
  })

  test.each(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x'])(
    'a form post (%s) answers 415',
    async (contentType) => {
      for (const { user, ...request } of writes().filter((write) => write.method !== 'DELETE')) {
        const response = await injectAs(t.app, user, {
          method: request.method,
          url: request.url,
          headers: { 'content-type': contentType },
          payload: 'title=Forged',
        })
        expectError(response, 415, 'Send the body as application/json.')
      }
      expect((await details()).json()).toMatchObject({ title: 'Target', likes: 0 })
    },
  )

  test('a percent-encoded path gets the same checks', async () => {
    for (const url of ['/%61pi/roommate-listings', '/api/%72oommate-listings']) {
      const crossSite = await injectAs(t.app, alice, {
        method: 'POST',
        url,
        payload: validListing(),
        headers: { origin: 'https://evil.example' },
      })
      expectError(crossSite, 403, 'Cross-site requests are not allowed.')
      const form = await injectAs(t.app, alice, {
        method: 'POST',
        url,
        payload: 'title=Forged',
        headers: { 'content-type': 'text/plain' },
      })
      expectError(form, 415, 'Send the body as application/json.')
    }
    const like = await injectAs(t.app, bob, {
      method: 'PATCH',
      url: `/%61pi/listings/${listingId}/like`,
      payload: {},
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expectError(like, 403, 'Cross-site requests are not allowed.')
    expect((await details()).json()).toMatchObject({ likes: 0 })
  })

  test('same-origin requests, and requests from non-browser clients without Origin, pass', async () => {
    const sameOrigin = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/roommate-listings',
      payload: validListing(),
      headers: { 'sec-fetch-site': 'same-origin' },
    })
    expect(sameOrigin.statusCode).toBe(201)
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: '/api/roommate-listings',
      payload: validListing(),
      headers: { cookie: alice.cookie },
    })
    expect(noOrigin.statusCode).toBe(201)
    const typed = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/roommate-listings',
      payload: JSON.stringify(validListing()),
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
    expect(typed.statusCode).toBe(201)
  })

  test('reads are not affected by the origin check', async () => {
    const response = await injectAs(t.app, null, {
      method: 'GET',
      url: '/api/health',
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(response.statusCode).toBe(200)
  })
})

describe('limits and error answers', () => {
  test('a body over 32 kB answers 413', async () => {
    const alice = await signUp(t.app)
    const response = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/roommate-listings',
      payload: validListing({ description: 'x'.repeat(33 * 1024) }),
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

  test('a database failure answers a generic 500 or 503 with no details, and health says 503', async () => {
    const broken = await createTestApp()
    try {
      await broken.database.close()
      for (const url of ['/api/roommate-listings', '/api/featured-roommates', '/api/stats']) {
        const response = await injectAs(broken.app, null, { method: 'GET', url })
        expect([500, 503]).toContain(response.statusCode)
        expectError(
          response,
          response.statusCode,
          response.statusCode === 500
            ? 'Something went wrong.'
            : 'The database is unavailable; try again shortly.',
        )
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

describe('per-person rate limits', () => {
  test('the 31st like and the 61st write within an hour answer 429; another person is not affected', async () => {
    const limited = await createTestApp({ rateLimits: true })
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
          payload: validListing(),
        })
      expectError(await create(owner), 429, /^Too many requests/)
      expect((await create(harvester)).statusCode).toBe(201)
    } finally {
      await limited.close()
    }
  })
})
