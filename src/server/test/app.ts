import { afterAll, beforeAll } from 'vitest'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { buildApp, type App } from '../app.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { loadConfig, type Config, type EnvVariables } from '../env.ts'
import { sampleListing } from '#shared/sample-listing.ts'
import { openTestDatabase } from './database.ts'

export { sampleListing }

export const BASE_URL = 'http://localhost:3000'

/**
 * What every test app runs with, set as an operator would set it: by the README's variable names, through the
 * server's own loader. A test changes a variable the same way (`useTestApp({ RATE_LIMITS: 'true' })`).
 */
export const TEST_ENV = {
  NODE_ENV: 'test',
  PORT: '0',
  BASE_URL,
  DATA_DIR: '.tmp/unused',
  AUTH_SECRET: 'nestmate-test-secret-that-is-long-enough-0123456789',
  DEMO_DATA: 'false',
  LOG_LEVEL: 'silent',
  RATE_LIMITS: 'false',
  PASSWORD_HASH: 'fast',
  // A fixed pair, so no test writes one into a DATA_DIR; tests of pushes read the public key from the API.
  VAPID_PUBLIC_KEY: 'BO43OBzDOsjNebEI7_cHR6iUqvakepBw5SrfCRBQmV8IYrxRYmuEhwNOcfEzKdAv_eTVuj9RxxgngH2XD2g_n5E',
  VAPID_PRIVATE_KEY: '_9Czw2DeSLTNjMMIqkR4x8xItQB87Jz91ZKKo2xmABA',
} satisfies EnvVariables

export function testConfig(env: EnvVariables = {}): Config {
  return loadConfig({ ...TEST_ENV, ...env })
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>

/** A whole Nestmate app on a fresh database; call close() after the tests. */
export type TestAppOptions = NonNullable<Parameters<typeof buildApp>[2]>

export async function createTestApp(env: EnvVariables = {}, options: TestAppOptions = {}) {
  const database = await openTestDatabase()
  // Without SMTP_URL mail goes to DATA_DIR/mail: a folder of this app's own, removed with it.
  const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'nestmate-app-'))
  const app: App = await buildApp(testConfig({ DATA_DIR: dataDir, ...env }), database, {
    mailRetryDelaysMs: [50, 200],
    movableJobClock: true,
    ...options,
  })
  await app.ready()
  return {
    app,
    database,
    close: async () => {
      await app.close()
      await database.close()
      if (!env.DATA_DIR) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Something a whole file (or describe block) shares, such as a test app: created before its tests, closed after
 * them, read through the returned object once they run. Hooks the file registers later run after it exists.
 */
export function useForFile<T extends { close: () => Promise<unknown> }>(create: () => Promise<T>): T {
  let current: T | undefined
  beforeAll(async () => {
    current = await create()
  })
  afterAll(() => current?.close())
  return new Proxy({} as T, {
    get(_, key) {
      if (!current) throw new Error('It exists only once the tests run.')
      return Reflect.get(current, key) as unknown
    },
  })
}

/** A test app for the whole file (or describe block). */
export function useTestApp(env: EnvVariables = {}, options: TestAppOptions = {}): TestApp {
  return useForFile(() => createTestApp(env, options))
}

export type TestUser = { id: string; name: string; email: string; password: string; cookie: string }

export function cookieFrom(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie']
  const cookies = Array.isArray(header) ? header : header ? [header] : []
  return cookies.map((cookie) => cookie.split(';')[0]).join('; ')
}

/**
 * Signs a new person up through Better Auth, as the web app does, then in with their password: a sign-up answers
 * alike whether or not the address has an account, so it signs no one in (docs/decisions/035).
 */
export async function signUp(
  app: App,
  overrides: Partial<Omit<TestUser, 'id' | 'cookie'>> = {},
): Promise<TestUser> {
  const id = randomUUID().slice(0, 8)
  const person = {
    // Letters only: a run of digits in a name is a phone number to the mail's text rules (decision 075), and a
    // random id holds one now and then.
    name: `Tester ${id.replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!)}`,
    email: `tester-${id}@example.com`,
    password: 'Nestmate1',
    ...overrides,
  }
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, headers: { origin: BASE_URL }, payload })
  const signedUp = await post('/api/auth/sign-up/email', person)
  if (signedUp.statusCode !== 200) throw new Error(`sign-up failed: ${signedUp.statusCode} ${signedUp.body}`)
  const signedIn = await post('/api/auth/sign-in/email', { email: person.email, password: person.password })
  if (signedIn.statusCode !== 200) throw new Error(`sign-in failed: ${signedIn.statusCode} ${signedIn.body}`)
  return { ...person, id: signedIn.json<{ user: { id: string } }>().user.id, cookie: cookieFrom(signedIn) }
}

/**
 * Signs a person up and marks their address verified, as the sign-up mail's link would (that flow is tested in
 * auth-verify-email.test.ts). A moderator is one of these: an address in ADMIN_EMAILS counts once verified.
 */
export async function signUpVerified(
  test: { app: App; database: Pick<DatabaseHandle, 'db'> },
  overrides: Partial<Omit<TestUser, 'id' | 'cookie'>> = {},
): Promise<TestUser> {
  const person = await signUp(test.app, overrides)
  await test.database.db.execute(sql`update "user" set email_verified = true where id = ${person.id}`)
  return person
}

/** app.inject as a signed-in person (or anonymously with null). */
export function injectAs(app: App, user: TestUser | null, options: InjectOptions) {
  return app.inject({
    ...options,
    headers: { origin: BASE_URL, ...(user ? { cookie: user.cookie } : {}), ...options.headers },
  })
}

export async function createListing(app: App, user: TestUser, overrides: Record<string, unknown> = {}) {
  const response = await injectAs(app, user, {
    method: 'POST',
    url: '/api/roommate-listings',
    payload: sampleListing(overrides),
  })
  if (response.statusCode !== 201) throw new Error(`create failed: ${response.statusCode} ${response.body}`)
  return response.json<{ insertedId: string }>().insertedId
}
