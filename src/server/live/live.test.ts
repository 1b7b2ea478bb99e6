import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Message } from '#shared/conversations.ts'
import { BASE_URL, cookieFrom, signUp, type TestUser, useTestApp } from '../test/app.ts'
import { blockAs, conversationBetween, readAs, sendAs } from '../routes/conversations/test-requests.ts'
import { MAX_STREAMS_PER_PERSON } from './live-hub.ts'
import { dataOf, isMessage, openSse, type SseClient } from './test-sse.ts'

// The live stream over real HTTP connections: what each participant receives, resuming by the last id, heartbeats,
// a session that ends, and a server that closes.

const t = useTestApp({}, { live: { heartbeatMs: 100, sessionCheckMs: 200 } })
let url = ''
beforeAll(async () => {
  url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/live`
})
const open: SseClient[] = []
afterAll(() => open.forEach((client) => client.close()))

async function live(person: TestUser, options: { lastEventId?: string; query?: string } = {}) {
  const client = await openSse(`${url}${options.query ?? ''}`, {
    cookie: person.cookie,
    lastEventId: options.lastEventId,
  })
  open.push(client)
  expect(client.status).toBe(200)
  // The unread counts come first: from then on the stream is live.
  await client.next((event) => event.event === 'unread')
  return client
}
const message = (client: SseClient) =>
  client.next(isMessage).then((event) => ({ event, message: dataOf<Message>(event) }))

describe('GET /api/live', () => {
  test('a new message reaches both participants at once, each seeing whose it is, and the badge moves', async () => {
    const { poster, seeker, id } = await conversationBetween(t)
    const [posterLive, seekerLive] = [await live(poster), await live(seeker)]
    const sent = (await sendAs(t.app, seeker, id, 'Are you there?')).json()

    const received = await message(posterLive)
    expect(received.event.id).toBe(String(sent.id))
    expect(received.message).toEqual({ ...sent, mine: false })
    expect(dataOf(await posterLive.next((event) => event.event === 'unread'))).toEqual({
      conversations: 1,
      messages: 2,
    })
    expect((await message(seekerLive)).message).toEqual(sent)

    // Read receipts: the reader's badge goes to 0, the writer learns how far they read.
    await readAs(t.app, poster, id)
    expect(dataOf(await posterLive.next((event) => event.event === 'unread'))).toEqual({
      conversations: 0,
      messages: 0,
    })
    expect(dataOf(await seekerLive.next((event) => event.event === 'read'))).toEqual({
      conversationId: id,
      seenUpTo: sent.id,
    })

    await blockAs(t.app, poster, id)
    for (const client of [posterLive, seekerLive])
      expect(dataOf(await client.next((event) => event.event === 'block'))).toEqual({ conversationId: id })
  })

  test('resumes from Last-Event-ID or ?after= with exactly the messages missed, in order', async () => {
    const { poster, seeker, id } = await conversationBetween(t)
    const first = await live(poster)
    const one = (await sendAs(t.app, seeker, id, 'one')).json()
    expect((await message(first)).event.id).toBe(String(one.id))
    first.close()
    const missed = []
    for (const body of ['two', 'three', 'four'])
      missed.push((await sendAs(t.app, seeker, id, body)).json().id)

    for (const options of [{ lastEventId: String(one.id) }, { query: `?after=${one.id}` }]) {
      const resumed = await openSse(`${url}${options.query ?? ''}`, {
        cookie: poster.cookie,
        lastEventId: options.lastEventId,
      })
      open.push(resumed)
      const ids = []
      for (const _ of missed) ids.push((await message(resumed)).event.id)
      expect(ids).toEqual(missed.map(String))
      // A message after the resume arrives once; nothing is repeated.
      const five = (await sendAs(t.app, seeker, id, `five ${options.query ?? ''}`)).json()
      expect((await message(resumed)).event.id).toBe(String(five.id))
      await resumed.next((event) => event.event === 'unread')
      expect(resumed.events.filter(isMessage).map((event) => event.id)).toEqual([
        ...missed.map(String),
        String(five.id),
      ])
      missed.push(five.id)
      resumed.close()
    }
  })

  test("no one receives another person's conversations", async () => {
    const { poster, seeker, id } = await conversationBetween(t)
    const stranger = await signUp(t.app)
    const strangerLive = await live(stranger)
    const posterLive = await live(poster)
    await sendAs(t.app, seeker, id, 'Private')
    await message(posterLive)
    // The stranger's stream, read to the next heartbeat after the poster's message, holds no event of it (only
    // the stranger's own counts).
    await strangerLive.next((event) => event.comment === 'heartbeat')
    const own = ['', 'unread', 'saved-searches']
    expect(strangerLive.events.filter((event) => !own.includes(event.event))).toEqual([])
  })

  test('a heartbeat at least every interval; a session that ends stops its stream', async () => {
    const person = await signUp(t.app)
    const client = await live(person)
    await client.next((event) => event.comment === 'heartbeat')
    await client.next((event) => event.comment === 'heartbeat')
    const signOut = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { origin: BASE_URL, cookie: person.cookie },
      payload: {},
    })
    expect(signOut.statusCode).toBe(200)
    await client.ended
  })

  test('refuses anyone signed out, a malformed Last-Event-ID and too many streams', async () => {
    const anonymous = await openSse(url)
    expect(anonymous.status).toBe(401)
    const person = await signUp(t.app)
    const malformed = await openSse(url, { cookie: person.cookie, lastEventId: 'abc' })
    expect(malformed.status).toBe(400)
    for (let i = 0; i < MAX_STREAMS_PER_PERSON; i++) await live(person)
    const tooMany = await openSse(url, { cookie: person.cookie })
    expect(tooMany.status).toBe(429)
  })

  test('opens that race each other still get at most the cap, and a closed stream frees its place', async () => {
    const person = await signUp(t.app)
    const clients = await Promise.all(
      Array.from({ length: 200 }, () => openSse(url, { cookie: person.cookie, lastEventId: '0' })),
    )
    open.push(...clients)
    const accepted = clients.filter((client) => client.status === 200)
    expect(accepted).toHaveLength(MAX_STREAMS_PER_PERSON)
    expect(clients.filter((client) => client.status === 429)).toHaveLength(200 - MAX_STREAMS_PER_PERSON)
    await Promise.all(accepted.map((client) => client.next((event) => event.event === 'unread')))
    accepted[0]!.close()
    const another = async () => {
      const client = await openSse(url, { cookie: person.cookie })
      open.push(client)
      return client.status
    }
    await expect.poll(another).toBe(200)
  })
})

describe('closing the server', () => {
  const closing = useTestApp()
  test('ends open streams, so the close does not wait on them', async () => {
    const base = await closing.app.listen({ port: 0, host: '127.0.0.1' })
    const person = await signUp(closing.app)
    const client = await openSse(`${base}/api/live`, { cookie: person.cookie })
    await client.next((event) => event.event === 'unread')
    await closing.app.close()
    await client.ended
  })
})

describe('a session that ends', () => {
  // The session check's own interval is a minute, as in production: only the notice of the ended session can end
  // a stream within the test's few seconds.
  const ending = useTestApp({}, { live: { heartbeatMs: 100 } })
  let base = ''
  beforeAll(async () => {
    base = await ending.app.listen({ port: 0, host: '127.0.0.1' })
  })
  const streams: SseClient[] = []
  afterAll(() => streams.forEach((client) => client.close()))
  const stream = async (cookie: string) => {
    const client = await openSse(`${base}/api/live`, { cookie })
    streams.push(client)
    expect(client.status).toBe(200)
    await client.next((event) => event.event === 'unread')
    return client
  }
  const auth = (path: string, cookie: string, payload: object = {}) =>
    ending.app.inject({
      method: 'POST',
      url: `/api/auth/${path}`,
      headers: { origin: BASE_URL, cookie },
      payload,
    })
  const secondSession = async (person: TestUser) =>
    cookieFrom(await auth('sign-in/email', '', { email: person.email, password: person.password }))

  test("signing out ends that session's streams at once, and only those", async () => {
    const person = await signUp(ending.app)
    const laptop = await stream(person.cookie)
    const phone = await stream(await secondSession(person))
    expect((await auth('sign-out', person.cookie)).statusCode).toBe(200)
    await laptop.ended
    // The phone's session still holds: its stream goes on beating.
    await phone.next((event) => event.comment === 'heartbeat')
    expect((await openSse(`${base}/api/live`, { cookie: person.cookie })).status).toBe(401)
  })

  test('a password change ends the streams of every other session', async () => {
    const person = await signUp(ending.app)
    const phone = await stream(await secondSession(person))
    const changed = await auth('change-password', person.cookie, {
      currentPassword: person.password,
      newPassword: 'Brand-New-77',
    })
    expect(changed.statusCode).toBe(200)
    await phone.ended
  })
})
