import type { LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { BASE_URL, createTestApp, type TestApp } from '../test/app.ts'
import { ASSET_PATH, expectError, makeWebRoot } from './helpers.ts'

// One test per OWASP ZAP passive-scan rule, so a scan's finding maps to the test that should have caught it.
// Each header rule is checked on an API answer, an API error, Better Auth's answer, the SPA's index.html
// (directly and through the history fallback) and a static asset.

const webRoot = makeWebRoot()
let http: TestApp
let https: TestApp
beforeAll(async () => {
  http = await createTestApp({}, { webRoot: webRoot.root })
  https = await createTestApp({ BASE_URL: 'https://nestmate.example' }, { webRoot: webRoot.root })
})
afterAll(async () => {
  await http.close()
  await https.close()
  webRoot.remove()
})

const TARGETS = [
  ['an API answer', '/api/health', /^application\/json/],
  ['an API error', '/api/nothing-here', /^application\/json/],
  ["Better Auth's answer", '/api/auth/get-session', /^application\/json/],
  ['index.html', '/', /^text\/html/],
  ['a client-side route (history fallback)', '/dashboard/my-listing', /^text\/html/],
  ['a static asset', ASSET_PATH, /javascript/],
] as const

async function everyTarget(app: TestApp, check: (response: LightMyRequestResponse) => void) {
  for (const [name, url, type] of TARGETS) {
    const response = await app.app.inject({ method: 'GET', url })
    expect(response.statusCode, name).toBe(url === '/api/nothing-here' ? 404 : 200)
    expect(response.headers['content-type'], name).toMatch(type)
    try {
      check(response)
    } catch (error) {
      throw new Error(`${name} (${url}): ${(error as Error).message}`)
    }
  }
}

function csp(response: LightMyRequestResponse): Map<string, string[]> {
  return new Map(
    String(response.headers['content-security-policy'] ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name!, values]),
  )
}

async function sessionCookies(app: TestApp, origin: string): Promise<string[]> {
  const signUp = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-up/email',
    headers: { origin },
    payload: {
      name: 'Zap',
      email: `zap-${Math.random().toString(36).slice(2)}@example.com`,
      password: 'Nestmate1',
    },
  })
  expect(signUp.statusCode).toBe(200)
  const signIn = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin },
    payload: { email: signUp.json().user.email, password: 'Nestmate1' },
  })
  const cookies = [signUp, signIn].flatMap((response) => [response.headers['set-cookie'] ?? []].flat())
  expect(cookies.some((cookie) => /session_token=/.test(cookie))).toBe(true)
  return cookies
}

describe('cookies', () => {
  test('10010 cookie no HttpOnly flag: every cookie the server sets is HttpOnly', async () => {
    for (const cookie of await sessionCookies(http, BASE_URL)) expect(cookie).toMatch(/;\s*HttpOnly/i)
  })

  test('10011 cookie without Secure flag: over https every cookie is Secure and __Secure- prefixed', async () => {
    for (const cookie of await sessionCookies(https, 'https://nestmate.example')) {
      expect(cookie).toMatch(/;\s*Secure/i)
      expect(cookie).toMatch(/^__(Secure|Host)-/)
    }
  })

  test('10054 cookie without SameSite attribute: every cookie is SameSite=Lax or Strict', async () => {
    for (const app of [http, https])
      for (const cookie of await sessionCookies(app, app === http ? BASE_URL : 'https://nestmate.example'))
        expect(cookie).toMatch(/;\s*SameSite=(Lax|Strict)/i)
  })
})

describe('headers', () => {
  test('10020 anti-clickjacking header: X-Frame-Options and frame-ancestors none', async () => {
    await everyTarget(http, (response) => {
      expect(response.headers['x-frame-options']).toMatch(/^(SAMEORIGIN|DENY)$/)
      expect(csp(response).get('frame-ancestors')).toEqual(["'none'"])
    })
  })

  test('10021 X-Content-Type-Options header missing: nosniff everywhere', async () => {
    await everyTarget(http, (response) => expect(response.headers['x-content-type-options']).toBe('nosniff'))
  })

  test('10035 Strict-Transport-Security header: a year with subdomains over https, none over http', async () => {
    await everyTarget(https, (response) =>
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains'),
    )
    await everyTarget(http, (response) =>
      expect(response.headers).not.toHaveProperty('strict-transport-security'),
    )
  })

  test('10038 Content Security Policy header not set: every answer has one', async () => {
    await everyTarget(http, (response) => {
      expect(csp(response).get('default-src')).toEqual(["'self'"])
      expect(csp(response).has('upgrade-insecure-requests')).toBe(false)
    })
    await everyTarget(https, (response) => expect(csp(response).has('upgrade-insecure-requests')).toBe(true))
  })

  test('10055 CSP: no wildcard or unsafe sources where they would let script run', async () => {
    await everyTarget(http, (response) => {
      const policy = csp(response)
      expect(policy.get('script-src')).toEqual(["'self'"])
      for (const [directive, sources] of policy) {
        expect(sources, directive).not.toContain('*')
        expect(
          sources.some((source) => source.includes('*')),
          directive,
        ).toBe(false)
        expect(sources, directive).not.toContain("'unsafe-eval'")
      }
      for (const directive of ['default-src', 'connect-src', 'base-uri', 'form-action'])
        expect(policy.get(directive), directive).toEqual(["'self'"])
      expect(policy.get('object-src')).toEqual(["'none'"])
      // Accepted, on purpose: inline styles (React style props, libraries), profile photos from any https host and
      // blob: previews of listing photos before they upload (images only: no script runs from an img).
      expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
      expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'https:'])
    })
  })

  test('10063 Permissions Policy header not set: camera, microphone and geolocation are off', async () => {
    await everyTarget(http, (response) =>
      expect(response.headers['permissions-policy']).toMatch(
        /camera=\(\).*microphone=\(\).*geolocation=\(\)/,
      ),
    )
  })

  test('10036/10037 server leaks: no X-Powered-By, no Server version', async () => {
    await everyTarget(http, (response) => {
      expect(response.headers).not.toHaveProperty('x-powered-by')
      expect(String(response.headers.server ?? '')).not.toMatch(/\d/)
    })
  })

  test('Referrer-Policy: other sites see the origin, never the path (listing ids)', async () => {
    await everyTarget(http, (response) =>
      expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin'),
    )
  })

  test('an error answer is the API shape with the same headers', async () => {
    expectError(await http.app.inject({ method: 'GET', url: '/api/nothing-here' }), 404, 'Not found.')
  })
})
