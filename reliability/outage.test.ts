import { afterAll, beforeAll, expect, test } from 'vitest'
import { call, listingBody, signUp, type Person } from './client.ts'
import { startCluster, type PgCluster } from './pg-cluster.ts'
import { startServer, type ServerProcess } from './server.ts'

// PostgreSQL stops under the running app and comes back: meanwhile every call answers 503 with a clear error
// (not 500, not a hang, not a misleading 401), and the app recovers by itself, without a restart.

let cluster: PgCluster
let server: ServerProcess
let person: Person
let other: Person
let listingId: string

beforeAll(async () => {
  cluster = await startCluster()
  server = await startServer({
    DATABASE_URL: cluster.url,
    AUTH_SECRET: 'nestmate-outage-secret-that-is-long-enough-01',
  })
  person = await signUp(server.baseUrl)
  other = await signUp(server.baseUrl)
  const created = await call(server.baseUrl, person, 'POST', '/api/roommate-listings', listingBody())
  listingId = (created.body as { insertedId: string }).insertedId
})
afterAll(async () => {
  server?.child.kill('SIGKILL')
  cluster?.destroy()
})

const UNAVAILABLE = { error: 'The database is unavailable; try again shortly.' }

const calls = () =>
  [
    ['GET', '/api/roommate-listings', undefined, null],
    ['GET', '/api/featured-roommates', undefined, null],
    ['GET', '/api/stats', undefined, null],
    ['GET', `/api/roommate-listings/${listingId}`, undefined, person],
    ['GET', '/api/my-listings', undefined, person],
    ['POST', '/api/roommate-listings', listingBody(), person],
    ['PATCH', `/api/listings/${listingId}/like`, {}, other],
  ] as const

test.each(['fast', 'immediate'] as const)(
  'PostgreSQL stopped (%s): 503 with a clear error, then recovery without a restart',
  async (mode) => {
    const { baseUrl } = server
    expect((await call(baseUrl, null, 'GET', '/api/health')).status).toBe(200)

    // Requests in flight when the database stops, and a keep-alive pool of connections that all go stale.
    const inFlight = Array.from({ length: 20 }, () => call(baseUrl, person, 'GET', '/api/my-listings'))
    cluster.stop(mode)
    for (const answer of await Promise.all(inFlight)) expect([200, 503]).toContain(answer.status)

    for (let round = 0; round < 3; round++) {
      const health = await call(baseUrl, null, 'GET', '/api/health')
      expect(health).toMatchObject({ status: 503, body: { error: 'The database is unavailable.' } })
      for (const [method, path, body, who] of calls()) {
        const answer = await call(baseUrl, who, method, path, body)
        expect({ call: `${method} ${path}`, status: answer.status, body: answer.body }).toEqual({
          call: `${method} ${path}`,
          status: 503,
          body: UNAVAILABLE,
        })
        expect(answer.ms).toBeLessThan(5_000)
      }
    }

    cluster.start()
    await expect
      .poll(async () => (await call(baseUrl, null, 'GET', '/api/health')).status, {
        timeout: 30_000,
        interval: 250,
      })
      .toBe(200)
    // Every call works again, with the session from before the outage.
    for (const [method, path, body, who] of calls()) {
      const answer = await call(baseUrl, who, method, path, body)
      expect(answer.status, `${method} ${path}`).toBeLessThan(300)
    }
    expect(server.child.exitCode).toBeNull()
  },
)
