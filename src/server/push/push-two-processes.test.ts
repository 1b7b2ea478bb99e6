import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql } from 'drizzle-orm'
import { call, listingBody, signUp, type Person } from '../../../reliability/client.ts'
import { startServer, type ServerProcess } from '../../../reliability/server.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { TEST_ENV } from '../test/app.ts'
import { openTestDatabase, selectRows, testDatabaseKind } from '../test/database.ts'
import { startPushReceiver } from '../test/push-receiver.ts'
import { sampleTimes } from '../routes/viewings/test-requests.ts'

// Two real app processes on one PostgreSQL, both working the job runner and both woken by every commit that
// queues a push: messages and a booking written through either at once reach each device once (decision 099).
// PGlite is one process, so this runs on PostgreSQL only.

const SEEKERS = 6
const MESSAGES_EACH = 3

describe.skipIf(testDatabaseKind !== 'postgres')('pushes across two app processes', () => {
  let database: DatabaseHandle & { url?: string }
  let servers: ServerProcess[] = []
  let receiver: Awaited<ReturnType<typeof startPushReceiver>>

  beforeAll(async () => {
    database = await openTestDatabase()
    receiver = await startPushReceiver(TEST_ENV.VAPID_PUBLIC_KEY)
    const env = {
      DATABASE_URL: database.url!,
      AUTH_SECRET: 'two-processes-secret-that-is-long-enough-0123',
      RATE_LIMITS: 'false',
      NODE_ENV: 'test',
      PUSH_TEST_ENDPOINTS: 'true',
      VAPID_PUBLIC_KEY: TEST_ENV.VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: TEST_ENV.VAPID_PRIVATE_KEY,
    }
    servers = await Promise.all([startServer(env), startServer(env)])
  }, 120_000)

  afterAll(async () => {
    for (const server of servers) {
      server.child.kill('SIGTERM')
      await server.exited
    }
    await receiver?.close()
    await database?.close()
  }, 60_000)

  const verified = async (server: ServerProcess) => {
    const person = await signUp(server.baseUrl)
    await database.db.execute(sql`update "user" set email_verified = true where email = ${person.email}`)
    return person
  }

  test('messages and a booking written through both at once reach each device once', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess]
    const poster = await signUp(one.baseUrl)
    const devices = [receiver.device(), receiver.device(), receiver.device()]
    for (const [i, device] of devices.entries()) {
      const subscribed = await call([one, two][i % 2]!.baseUrl, poster, 'POST', '/api/push/subscriptions', {
        ...device,
        kinds: ['messages', 'viewings'],
      })
      expect(subscribed.status).toBe(201)
    }
    const listed = await call(one.baseUrl, poster, 'POST', '/api/roommate-listings', {
      ...listingBody(),
      availability: 'Available',
    })
    const listingId = (listed.body as { insertedId: string }).insertedId
    const timesPath = `/api/roommate-listings/${listingId}/viewing-times`
    expect((await call(two.baseUrl, poster, 'PUT', timesPath, sampleTimes())).status).toBe(200)

    // Each seeker writes through one process, the next through the other, all at once.
    const seekers = await Promise.all(Array.from({ length: SEEKERS }, (_, i) => verified([one, two][i % 2]!)))
    const write = async (seeker: Person, i: number) => {
      const started = await call([one, two][i % 2]!.baseUrl, seeker, 'POST', '/api/conversations', {
        listingId,
        body: 'Is the room free?',
      })
      expect(started.status).toBe(201)
      const { conversationId } = started.body as { conversationId: string }
      for (let n = 1; n < MESSAGES_EACH; n++) {
        const path = `/api/conversations/${conversationId}/messages`
        const sent = await call([two, one][(i + n) % 2]!.baseUrl, seeker, 'POST', path, {
          body: `Hello ${n}`,
        })
        expect(sent.status).toBe(201)
      }
    }
    await Promise.all(seekers.map(write))
    const { slots } = (await call(one.baseUrl, seekers[0]!, 'GET', timesPath)).body as {
      slots: { start: string }[]
    }
    const slot = slots.find(({ start }) => Date.parse(start) > Date.now() + 2 * 3600_000)!
    const booked = await call(two.baseUrl, seekers[0]!, 'POST', '/api/viewings', {
      listingId,
      start: slot.start,
    })
    expect(booked.status).toBe(201)

    const events = SEEKERS * MESSAGES_EACH + 1
    await receiver.waitFor(devices.length * events, 60_000)
    await expect
      .poll(() => selectRows(database, 'select id from push_outbox'), { timeout: 30_000 })
      .toEqual([])
    await expect
      .poll(
        () =>
          selectRows(
            database,
            `select id from pgboss.job where name = 'push-send' and state in ('created', 'retry', 'active')
              and start_after <= now()`,
          ),
        { timeout: 30_000 },
      )
      .toEqual([])
    const delivered = receiver.received.map(({ device, payload }) => `${device} ${payload.tag}`)
    expect(delivered).toHaveLength(devices.length * events)
    expect(new Set(delivered).size).toBe(delivered.length)
    expect(receiver.received.filter(({ payload }) => payload.tag.startsWith('viewing:'))).toHaveLength(
      devices.length,
    )
    expect(receiver.refused).toEqual([])
  }, 120_000)
})
