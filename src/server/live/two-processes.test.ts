import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql } from 'drizzle-orm'
import { call, signUp, type Person } from '../../../reliability/client.ts'
import { startServer, type ServerProcess } from '../../../reliability/server.ts'
import { sampleListing } from '#shared/sample-listing.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { openTestDatabase, testDatabaseKind } from '../test/database.ts'
import { isMessage, openSse, type SseClient } from './test-sse.ts'

// Two real app processes on one PostgreSQL behave as one site for live messages: a message written through one
// reaches a stream open on the other, a client resumes on either by its last id, and a listener that lost its
// connection catches up. PGlite is one process, so this runs on PostgreSQL only.

describe.skipIf(testDatabaseKind !== 'postgres')('live messages across two app processes', () => {
  let database: DatabaseHandle & { url?: string }
  let servers: ServerProcess[] = []
  const streams: SseClient[] = []

  beforeAll(async () => {
    database = await openTestDatabase()
    const env = {
      DATABASE_URL: database.url!,
      AUTH_SECRET: 'two-processes-secret-that-is-long-enough-0123',
      RATE_LIMITS: 'false',
    }
    servers = await Promise.all([startServer(env), startServer(env)])
  }, 120_000)

  afterAll(async () => {
    streams.forEach((stream) => stream.close())
    for (const server of servers) {
      server.child.kill('SIGTERM')
      await server.exited
    }
    await database?.close()
  }, 60_000)

  const live = async (server: ServerProcess, person: Person, lastEventId?: string) => {
    const stream = await openSse(`${server.baseUrl}/api/live`, { cookie: person.cookie, lastEventId })
    streams.push(stream)
    expect(stream.status).toBe(200)
    await stream.next((event) => event.event === 'unread', 10_000)
    return stream
  }
  const messageIds = async (stream: SseClient, count: number) => {
    const ids: string[] = []
    for (let i = 0; i < count; i++) ids.push((await stream.next(isMessage, 10_000)).id!)
    return ids
  }

  test('deliver at once across processes and resume on either without losing or repeating', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess]
    const poster = await signUp(one.baseUrl)
    const seeker = await signUp(two.baseUrl)
    await database.db.execute(sql`update "user" set email_verified = true where email = ${seeker.email}`)
    const listing = await call(one.baseUrl, poster, 'POST', '/api/roommate-listings', sampleListing())
    const listingId = (listing.body as { insertedId: string }).insertedId
    const started = await call(two.baseUrl, seeker, 'POST', '/api/conversations', {
      listingId,
      body: 'First',
    })
    expect(started.status).toBe(201)
    const id = (started.body as { conversationId: string }).conversationId
    const send = async (body: string) => {
      const sent = await call(two.baseUrl, seeker, 'POST', `/api/conversations/${id}/messages`, { body })
      expect(sent.status).toBe(201)
      return String((sent.body as { id: number }).id)
    }

    // Written through process two, it reaches the poster's stream on process one.
    const onOne = await live(one, poster)
    const second = await send('Second')
    expect(await messageIds(onOne, 1)).toEqual([second])
    onOne.close()

    // Missed while away, then resumed from the last id: on the other process, and on the first again.
    const missed = [await send('Third'), await send('Fourth'), await send('Fifth')]
    const onTwo = await live(two, poster, second)
    expect(onTwo.events.filter(isMessage).map((event) => event.id)).toEqual(missed)
    const again = await live(one, poster, second)
    expect(again.events.filter(isMessage).map((event) => event.id)).toEqual(missed)
    const sixth = await send('Sixth')
    expect(await messageIds(onTwo, 1)).toEqual([sixth])
    expect(await messageIds(again, 1)).toEqual([sixth])

    // Each process's listening connection is cut; a message sent meanwhile still arrives, once.
    await database.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`)
    const seventh = await send('Seventh')
    expect(await messageIds(onTwo, 1)).toEqual([seventh])
    expect(await messageIds(again, 1)).toEqual([seventh])
    const eighth = await send('Eighth')
    expect(await messageIds(onTwo, 1)).toEqual([eighth])
    expect(onTwo.events.filter(isMessage).map((event) => event.id)).toEqual([
      ...missed,
      sixth,
      seventh,
      eighth,
    ])
    // Log lines are written in batches: wait for the line rather than read the output at this instant.
    for (const server of servers)
      await expect
        .poll(() => server.output(), { timeout: 10_000 })
        .toContain('live: listening again after a lost connection')
  }, 120_000)

  test("a sign-out through one process ends the session's streams on the other at once", async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess]
    const person = await signUp(one.baseUrl)
    const onOne = await live(one, person)
    expect((await call(one.baseUrl, person, 'GET', '/api/unread')).status).toBe(200)
    expect((await call(two.baseUrl, person, 'POST', '/api/auth/sign-out', {})).status).toBe(200)
    // Well within the minute after which the stream's own session check would have ended it.
    const within = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms, 'still open'))
    expect(await Promise.race([onOne.ended.then(() => 'ended'), within(5000)])).toBe('ended')
    // Process one no longer remembers the session either.
    expect((await call(one.baseUrl, person, 'GET', '/api/unread')).status).toBe(401)
  }, 60_000)
})
