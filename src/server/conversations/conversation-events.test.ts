import { afterAll, beforeAll, expect, test } from 'vitest'
import type { Message, MessagesPage } from '#shared/conversations.ts'
import { useTestApp, type TestUser } from '../test/app.ts'
import {
  conversationBetween,
  inboxAs,
  messagesAs,
  sendAs,
  startAs,
  unreadAs,
} from '../routes/conversations/test-requests.ts'
import { dataOf, isMessage, openSse, type SseClient } from '../live/test-sse.ts'
import { appendConversationEvent } from './conversation-events.ts'

// Events in a conversation: written by the server only, read and delivered live like messages, never a person's
// unread message, never a reply that lifts the contact shield.

const t = useTestApp()
let url = ''
beforeAll(async () => {
  url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/live`
})
const open: SseClient[] = []
afterAll(() => open.forEach((client) => client.close()))
async function live(person: TestUser) {
  const client = await openSse(url, { cookie: person.cookie })
  open.push(client)
  await client.next((event) => event.event === 'unread')
  return client
}

test('an event reaches both sides live and in the pages, and counts as no unread message nor a reply', async () => {
  const { poster, seeker, id } = await conversationBetween(t)
  const [posterLive, seekerLive] = [await live(poster), await live(seeker)]
  const before = (await unreadAs(t.app, poster)).json()

  const eventId = await t.database.db.transaction((tx) =>
    appendConversationEvent(tx, {
      conversationId: id,
      type: 'viewing_booked',
      viewingId: crypto.randomUUID(),
    }),
  )
  const expected = {
    id: eventId,
    conversationId: id,
    mine: false,
    kind: 'event',
    event: { type: 'viewing_booked', viewingId: expect.any(String) },
    body: '',
    createdAt: expect.any(String),
    shielded: false,
    moneyAsk: false,
  }
  for (const client of [posterLive, seekerLive])
    expect(dataOf<Message>(await client.next(isMessage))).toEqual(expected)
  const page = (await messagesAs(t.app, seeker, id)).json<MessagesPage>()
  expect(page.messages.at(-1)).toEqual(expected)
  // Text carries no event at all.
  expect(page.messages[0]).not.toHaveProperty('event')
  const [entry] = (await inboxAs(t.app, seeker)).json()
  expect(entry.lastMessage).toMatchObject({ id: eventId, kind: 'event', event: { type: 'viewing_booked' } })
  expect((await unreadAs(t.app, poster)).json()).toEqual(before)

  // The poster has still never written: the seeker's number is shielded.
  const sent = await sendAs(t.app, seeker, id, 'Call me on 0176 1234 5678')
  expect(sent.json().shielded).toBe(true)
})

test('clients cannot post events, starting or answering', async () => {
  const { seeker, id, listingId } = await conversationBetween(t)
  for (const extra of [{ kind: 'event' }, { event: { type: 'declined' } }]) {
    const answer = await t.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/messages`,
      headers: { cookie: seeker.cookie },
      payload: { body: 'Hello', ...extra },
    })
    expect(answer.statusCode).toBe(400)
    expect(answer.json().error).toMatch(/events are written by Nestmate/)
  }
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/conversations',
    headers: { cookie: seeker.cookie },
    payload: { listingId, body: 'Hello', kind: 'event' },
  })
  expect(start.statusCode).toBe(400)
  expect((await startAs(t.app, seeker, listingId, 'Still here')).statusCode).toBe(200)
})
