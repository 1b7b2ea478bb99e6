import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import type { LightMyRequestResponse } from 'fastify'
import { startOidcMock } from '../../scripts/oidc-mock.ts'
import { COMMON_PASSWORD_MESSAGE } from '#shared/signup.ts'
import { selectRows } from './test/database.ts'
import {
  BASE_URL,
  cookieFrom,
  createTestApp,
  injectAs,
  signUp,
  type TestApp,
  type TestUser,
  useTestApp,
} from './test/app.ts'

const t = useTestApp()

const signIn = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: BASE_URL },
    payload: { email, password },
  })

const signUpRequest = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-up/email', headers: { origin: BASE_URL }, payload })

describe('e-mail sign-up', () => {
  test.each([
    ['Ab1', 'Password must be at least 6 characters.'],
    ['nestmate1', 'Password must include at least one uppercase letter.'],
    ['NESTMATE1', 'Password must include at least one lowercase letter.'],
  ])('refuses %s with the spec message', async (password, message) => {
    const response = await signUpRequest({ name: 'Pat', email: `pat-${password}@example.com`, password })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: message })
  })

  test.each(['Password1', 'qWERTY123', 'iLoveYou'])('refuses the common password %s', async (password) => {
    const response = await signUpRequest({
      name: 'Pat',
      email: `pat-common-${password}@example.com`,
      password,
    })
    expect(response.statusCode).toBe(400)
    expect(response.json()).toMatchObject({ error: COMMON_PASSWORD_MESSAGE })
  })

  test('requires a name and refuses a photo that is not an http(s) URL', async () => {
    const noName = await signUpRequest({ name: ' ', email: 'noname@example.com', password: 'Nestmate1' })
    expect(noName.statusCode).toBe(400)
    expect(noName.json().error).toBe('Name is required.')
    const badPhoto = await signUpRequest({
      name: 'Pat',
      email: 'photo@example.com',
      password: 'Nestmate1',
      image: 'javascript:alert(1)',
    })
    expect(badPhoto.statusCode).toBe(400)
  })

  test('signs no one in; the password, hashed with argon2id, then signs in with an httpOnly SameSite=Lax cookie', async () => {
    const response = await signUpRequest({ name: 'Pat', email: 'pat@example.com', password: 'Nestmate1' })
    expect(response.statusCode).toBe(200)
    expect(response.json().token).toBeNull()
    expect(response.headers['set-cookie']).toBeUndefined()
    const signedIn = await signIn('pat@example.com', 'Nestmate1')
    const cookie = [signedIn.headers['set-cookie']].flat().find((c) => c?.includes('session_token'))!
    expect(cookie).toMatch(/HttpOnly/i)
    expect(cookie).toMatch(/SameSite=Lax/i)
    expect(cookie).toMatch(/Max-Age=604800/)
    const session = await t.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookieFrom(signedIn) },
    })
    expect(session.json().user.email).toBe('pat@example.com')
    const rows = await selectRows<{ password: string }>(
      t.database,
      `select password from account where provider_id = 'credential' and user_id = '${session.json().user.id}'`,
    )
    expect(rows[0]?.password).toMatch(/^\$argon2id\$/)
  })
})

test('over https the session cookie is Secure and __Secure- prefixed', async () => {
  const secure = await createTestApp({ BASE_URL: 'https://nestmate.example' })
  try {
    const post = (url: string, payload: object) =>
      secure.app.inject({ method: 'POST', url, headers: { origin: 'https://nestmate.example' }, payload })
    await post('/api/auth/sign-up/email', { name: 'Sam', email: 'sam@example.com', password: 'Nestmate1' })
    const response = await post('/api/auth/sign-in/email', {
      email: 'sam@example.com',
      password: 'Nestmate1',
    })
    const cookie = [response.headers['set-cookie']].flat().find((c) => c?.includes('session_token'))!
    expect(cookie).toMatch(/^__Secure-[\w.-]*session_token=/)
    expect(cookie).toMatch(/; Secure/i)
  } finally {
    await secure.close()
  }
})

describe('sign-in, profile and sign-out', () => {
  test('signs in with the right password only', async () => {
    const user = await signUp(t.app)
    const wrong = await signIn(user.email, 'Wrong123')
    expect(wrong.statusCode).toBe(401)
    expect(wrong.json().error).toBe('Invalid email or password')
    const right = await signIn(user.email, user.password)
    expect(right.statusCode).toBe(200)
  })

  test('updates name and photo but never the e-mail', async () => {
    const user = await signUp(t.app)
    const update = (payload: object) =>
      injectAs(t.app, user, { method: 'POST', url: '/api/auth/update-user', payload })
    expect((await update({ name: 'Renamed', image: 'https://images.example/me.png' })).statusCode).toBe(200)
    expect((await update({ email: 'other@example.com' })).json().error).toBe("Email can't be changed.")
    expect((await update({ name: '' })).statusCode).toBe(400)
    const session = await injectAs(t.app, user, { method: 'GET', url: '/api/auth/get-session' })
    expect(session.json().user).toMatchObject({
      name: 'Renamed',
      image: 'https://images.example/me.png',
      email: user.email,
    })
  })

  test('a new password follows the same rules, common ones refused', async () => {
    const user = await signUp(t.app)
    const change = (newPassword: string) =>
      injectAs(t.app, user, {
        method: 'POST',
        url: '/api/auth/change-password',
        payload: { currentPassword: user.password, newPassword },
      })
    expect((await change('Welcome1')).json()).toMatchObject({ error: COMMON_PASSWORD_MESSAGE })
    expect((await change('nestmate2')).json()).toMatchObject({
      error: 'Password must include at least one uppercase letter.',
    })
    expect((await change('Nestmate-Two-2')).statusCode).toBe(200)
    expect((await signIn(user.email, 'Nestmate-Two-2')).statusCode).toBe(200)
  })

  test('sign-out revokes the session on the server', async () => {
    const user = await signUp(t.app)
    // Used first, so the signed-in user is in the session cache (docs/decisions/010) when the sign-out comes.
    expect((await injectAs(t.app, user, { method: 'GET', url: '/api/my-listings' })).statusCode).toBe(200)
    const out = await injectAs(t.app, user, { method: 'POST', url: '/api/auth/sign-out', payload: {} })
    expect(out.statusCode).toBe(200)
    // The old cookie, replayed, no longer opens anything.
    const details = await injectAs(t.app, user, { method: 'GET', url: '/api/my-listings' })
    expect(details.statusCode).toBe(401)
  })
})

describe('the session cache (docs/decisions/010)', () => {
  const myListings = (user: TestUser) => injectAs(t.app, user, { method: 'GET', url: '/api/my-listings' })
  afterEach(() => vi.useRealTimers())

  test('revoking other sessions ends them at once', async () => {
    const user = await signUp(t.app)
    const other = { ...user, cookie: cookieFrom(await signIn(user.email, user.password)) }
    expect((await myListings(other)).statusCode).toBe(200)
    const revoke = await injectAs(t.app, user, {
      method: 'POST',
      url: '/api/auth/revoke-other-sessions',
      payload: {},
    })
    expect(revoke.statusCode).toBe(200)
    expect((await myListings(other)).statusCode).toBe(401)
    expect((await myListings(user)).statusCode).toBe(200)
  })

  test('a session ended outside this process stops working within ten seconds', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const user = await signUp(t.app)
    expect((await myListings(user)).statusCode).toBe(200)
    await selectRows(t.database, `delete from session where user_id = '${user.id}'`)
    vi.setSystemTime(Date.now() + 10_001)
    expect((await myListings(user)).statusCode).toBe(401)
  })
})

describe('Google sign-in (OpenID Connect against a local provider)', () => {
  let mock: Awaited<ReturnType<typeof startOidcMock>>
  let g: TestApp
  beforeAll(async () => {
    mock = await startOidcMock()
    g = await createTestApp({
      GOOGLE_CLIENT_ID: 'nestmate-test',
      GOOGLE_CLIENT_SECRET: 'nestmate-test-secret',
      GOOGLE_DISCOVERY_URL: mock.discoveryUrl,
    })
  })
  afterAll(async () => {
    await g.close()
    await mock.stop()
  })

  /** Runs the browser's part of the redirect dance and returns the callback's answer. */
  async function googleSignIn() {
    const start = await g.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      headers: { origin: BASE_URL },
      payload: { provider: 'google', callbackURL: '/dashboard' },
    })
    expect(start.statusCode).toBe(200)
    const authorize = await fetch(start.json<{ url: string }>().url, { redirect: 'manual' })
    const callback = new URL(authorize.headers.get('location')!)
    expect(callback.pathname).toBe('/api/auth/callback/google')
    return g.app.inject({
      method: 'GET',
      url: `${callback.pathname}${callback.search}`,
      headers: { cookie: cookieFrom(start) },
    })
  }

  /** The session the callback's cookie carries, as Better Auth's get-session answers it. */
  async function sessionAfter(callback: LightMyRequestResponse) {
    const answer = await g.app.inject({
      method: 'GET',
      url: '/api/auth/get-session',
      headers: { cookie: cookieFrom(callback) },
    })
    return answer.json<{ user: { id: string; name: string; email: string; emailVerified: boolean } }>()
  }

  test('the config tells the web app Google sign-in is available', async () => {
    expect((await g.app.inject({ method: 'GET', url: '/api/config' })).json()).toEqual({
      currency: 'USD',
      googleSignIn: true,
      tiles: expect.objectContaining({ url: expect.any(String) }),
      contact: { email: null, phone: null, hours: null, office: null },
    })
  })

  test('an address Google does not vouch for stays unverified', async () => {
    mock.setIdentity({ sub: 'g-3', email: 'unvouched@example.com', name: 'Una', emailVerified: false })
    const callback = await googleSignIn()
    const session = await sessionAfter(callback)
    expect(session.user).toMatchObject({ email: 'unvouched@example.com', emailVerified: false })
  })

  test('creates the account and signs the person in', async () => {
    mock.setIdentity({ sub: 'g-1', email: 'gabi@example.com', name: 'Gabi Google', emailVerified: true })
    const callback = await googleSignIn()
    expect(callback.statusCode).toBe(302)
    expect(callback.headers.location).toBe('/dashboard')
    const session = await sessionAfter(callback)
    // Google said the address is verified, so the account counts as verified without a mail of ours.
    expect(session.user).toMatchObject({
      email: 'gabi@example.com',
      name: 'Gabi Google',
      emailVerified: true,
    })
    // The same identity signs in again into the same account.
    const again = await googleSignIn()
    const second = await sessionAfter(again)
    expect(second.user.id).toBe(session.user.id)
  })

  test("a Google name is made one plain line; one with nothing left is 'Nestmate member'", async () => {
    const nameAfterSignIn = async (sub: string, name: string) => {
      mock.setIdentity({ sub, email: `${sub}@example.com`, name, emailVerified: true })
      return (await sessionAfter(await googleSignIn())).user.name
    }
    expect(await nameAfterSignIn('g-name-1', 'Gabi\n\nSECURITY ALERT:\tconfirm\u202E now')).toBe(
      'Gabi SECURITY ALERT: confirm now',
    )
    expect(await nameAfterSignIn('g-name-2', '\u200B\u3164 \n')).toBe('Nestmate member')
  })

  test('does not take over an existing password account with the same e-mail', async () => {
    const owner = await signUp(g.app, { email: 'taken@example.com' })
    mock.setIdentity({ sub: 'g-2', email: 'taken@example.com', name: 'Someone', emailVerified: true })
    const callback = await googleSignIn()
    expect(callback.statusCode).toBe(302)
    expect(callback.headers.location).toMatch(/error=/)
    expect(cookieFrom(callback)).not.toMatch(/session_token=[^;]+/)
    const session = await injectAs(g.app, owner, { method: 'GET', url: '/api/auth/get-session' })
    expect(session.json().user.name).toBe(owner.name)
  })

  test('signs in to a password account whose owner has verified the address, as Google vouches for it too', async () => {
    // Decision 003: what a stranger can't do is verify someone else's address, so that is what linking waits for.
    const owner = await signUp(g.app, { email: 'verified-owner@example.com' })
    await selectRows(g.database, `update "user" set email_verified = true where id = '${owner.id}'`)
    mock.setIdentity({
      sub: 'g-4',
      email: 'verified-owner@example.com',
      name: 'Someone',
      emailVerified: true,
    })
    const callback = await googleSignIn()
    expect(callback.statusCode).toBe(302)
    expect(callback.headers.location).toBe('/dashboard')
    const session = await sessionAfter(callback)
    expect(session.user).toMatchObject({ id: owner.id, name: owner.name })
  })
})

describe('absolute session lifetime (30 days from sign-in)', () => {
  const age = (user: TestUser, days: number) =>
    selectRows(
      t.database,
      `update session set created_at = now() - interval '${days} days' where user_id = '${user.id}'`,
    )
  const sessions = async (user: TestUser) =>
    (
      await selectRows<{ count: number }>(
        t.database,
        `select count(*)::int as count from session where user_id = '${user.id}'`,
      )
    )[0]!.count

  test('a session used every day still ends 30 days after it began, and is deleted', async () => {
    const user = await signUp(t.app)
    await age(user, 31)
    const mine = await injectAs(t.app, user, { method: 'GET', url: '/api/my-listings' })
    expect(mine.statusCode).toBe(401)
    expect(await sessions(user)).toBe(0)
  })

  test("Better Auth's own endpoints refuse it too", async () => {
    const user = await signUp(t.app)
    await age(user, 31)
    const session = await injectAs(t.app, user, { method: 'GET', url: '/api/auth/get-session' })
    expect(session.statusCode).toBe(200)
    expect(session.json()).toBeNull()
    expect(await sessions(user)).toBe(0)
  })

  test('a 29-day-old session still works', async () => {
    const user = await signUp(t.app)
    await age(user, 29)
    expect((await injectAs(t.app, user, { method: 'GET', url: '/api/my-listings' })).statusCode).toBe(200)
    const session = await injectAs(t.app, user, { method: 'GET', url: '/api/auth/get-session' })
    expect(session.json()).toMatchObject({ user: { id: user.id } })
  })
})
