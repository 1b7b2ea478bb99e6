import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { createListing, injectAs, signUp, useTestApp } from '../../test/app.ts'
import {
  blockAs,
  conversationBetween,
  headerAs,
  inboxAs,
  messagesAs,
  readAs,
  sendAs,
  startAs,
  unreadAs,
  verifiedUser,
} from './test-requests.ts'

const t = useTestApp()
const anyString = expect.any(String)

describe('POST /api/conversations', () => {
  test('a verified seeker starts one about a listing; writing again reuses it', async () => {
    const poster = await signUp(t.app)
    const seeker = await verifiedUser(t)
    const listingId = await createListing(t.app, poster)
    const first = await startAs(t.app, seeker, listingId, 'Hello, is it still free?')
    expect(first.statusCode).toBe(201)
    const { conversationId } = first.json()
    const again = await startAs(t.app, seeker, listingId, 'Me again.')
    expect([again.statusCode, again.json()]).toEqual([200, { conversationId }])
    const page = await messagesAs(t.app, poster, conversationId)
    expect(page.json().messages.map((m: { body: string }) => m.body)).toEqual([
      'Hello, is it still free?',
      'Me again.',
    ])
  })

  test('refuses an unverified address, the own listing, an unknown listing and bad text, saying why', async () => {
    const poster = await signUp(t.app)
    const listingId = await createListing(t.app, poster)
    const unverified = await startAs(t.app, await signUp(t.app), listingId)
    expect([unverified.statusCode, unverified.json()]).toEqual([
      403,
      { error: 'Verify your e-mail address to start a conversation.' },
    ])
    const seeker = await verifiedUser(t)
    const own = await startAs(t.app, poster, listingId)
    expect([own.statusCode, own.json().error]).toEqual([
      403,
      "You can't message yourself about your own listing.",
    ])
    const unknown = await startAs(t.app, seeker, '00000000-0000-4000-8000-000000000000')
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'Listing not found.'])
    for (const [body, error] of [
      ['   ', 'Message is required.'],
      ['x'.repeat(2001), 'Message must be at most 2,000 characters.'],
      ['a\u0000b', "Message contains a character that isn't allowed."],
    ]) {
      const response = await startAs(t.app, seeker, listingId, body)
      expect([response.statusCode, response.json().error]).toEqual([400, error])
    }
    expect((await inboxAs(t.app, seeker)).json()).toEqual([])
  })
})

describe('messages', () => {
  test('both sides read the conversation, newest last, each message marked as theirs or not', async () => {
    const { poster, seeker, id } = await conversationBetween(t)
    const reply = await sendAs(t.app, poster, id, 'Yes, it is. Come and see it?')
    expect(reply.statusCode).toBe(201)
    expect(reply.json()).toEqual({
      id: expect.any(Number),
      conversationId: id,
      mine: true,
      kind: 'text',
      body: 'Yes, it is. Come and see it?',
      createdAt: anyString,
      shielded: false,
      moneyAsk: false,
    })
    const bySeeker = (await messagesAs(t.app, seeker, id)).json()
    expect(bySeeker.more).toBe(false)
    expect(bySeeker.messages.map((m: { mine: boolean; body: string }) => [m.mine, m.body])).toEqual([
      [true, 'Hi! Is the room free?'],
      [false, 'Yes, it is. Come and see it?'],
    ])
  })

  test('pages go back with before= and forward with after=, by id', async () => {
    const { poster, seeker, id } = await conversationBetween(t, 'm0')
    for (let i = 1; i < 7; i++) await sendAs(t.app, i % 2 ? poster : seeker, id, `m${i}`)
    const bodies = (page: { messages: { body: string }[] }) => page.messages.map((m) => m.body)
    const newest = (await messagesAs(t.app, seeker, id, '?limit=3')).json()
    expect([bodies(newest), newest.more]).toEqual([['m4', 'm5', 'm6'], true])
    const older = (await messagesAs(t.app, seeker, id, `?limit=3&before=${newest.messages[0].id}`)).json()
    expect([bodies(older), older.more]).toEqual([['m1', 'm2', 'm3'], true])
    const oldest = (await messagesAs(t.app, seeker, id, `?limit=3&before=${older.messages[0].id}`)).json()
    expect([bodies(oldest), oldest.more]).toEqual([['m0'], false])
    const after = (await messagesAs(t.app, seeker, id, `?limit=4&after=${oldest.messages[0].id}`)).json()
    expect([bodies(after), after.more]).toEqual([['m1', 'm2', 'm3', 'm4'], true])
    const both = await messagesAs(t.app, seeker, id, '?before=5&after=2')
    expect([both.statusCode, both.json().error]).toEqual([400, 'Give before or after, not both.'])
  })

  test('someone else gets 403, an unknown conversation 404, a malformed id 400; nothing is written', async () => {
    const { seeker, id } = await conversationBetween(t)
    const stranger = await verifiedUser(t)
    for (const call of [
      messagesAs(t.app, stranger, id),
      headerAs(t.app, stranger, id),
      sendAs(t.app, stranger, id, 'Let me in'),
      readAs(t.app, stranger, id),
      blockAs(t.app, stranger, id),
    ]) {
      const response = await call
      expect([response.statusCode, response.json()]).toEqual([
        403,
        { error: 'This conversation is between two other people.' },
      ])
    }
    const unknown = await messagesAs(t.app, seeker, '00000000-0000-4000-8000-000000000000')
    expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'Conversation not found.'])
    const malformed = await sendAs(t.app, seeker, 'nope', 'hi')
    expect([malformed.statusCode, malformed.json().error]).toEqual([400, 'Malformed conversation id.'])
    expect((await messagesAs(t.app, seeker, id)).json().messages).toHaveLength(1)
  })

  test('text is kept exactly as written, markup included', async () => {
    const { poster, id } = await conversationBetween(t)
    const body = '<img src=x onerror=alert(1)> & "quotes"\nsecond line'
    await sendAs(t.app, poster, id, body)
    expect((await messagesAs(t.app, poster, id)).json().messages.at(-1).body).toBe(body)
  })
})

describe('inbox, unread counts and read receipts', () => {
  test('a listing hidden or taken reads "no longer available" to both sides, never why', async () => {
    const { poster, seeker, id, listingId } = await conversationBetween(t)
    await t.database.db.execute(sql`update listing set hidden_reason = 'moderator' where id = ${listingId}`)
    for (const person of [seeker, poster]) {
      const header = (await headerAs(t.app, person, id)).json()
      expect(header.about).toEqual({
        kind: 'listing',
        id: listingId,
        title: 'Room by the river',
        available: false,
      })
      expect((await inboxAs(t.app, person)).json()[0].about.available).toBe(false)
    }
    await t.database.db.execute(
      sql`update listing set hidden_reason = null, availability = 'Not Available' where id = ${listingId}`,
    )
    expect((await headerAs(t.app, seeker, id)).json().about.available).toBe(false)
  })

  test('each side sees the listing, the other person, the last message and its unread count', async () => {
    const { poster, seeker, id, listingId } = await conversationBetween(t)
    await sendAs(t.app, seeker, id, 'I could come on Saturday.')
    const [entry] = (await inboxAs(t.app, poster)).json()
    expect(entry).toEqual({
      id,
      about: { kind: 'listing', id: listingId, title: 'Room by the river', available: true },
      other: { name: seeker.name, photo: '' },
      lastMessage: {
        id: expect.any(Number),
        body: 'I could come on Saturday.',
        mine: false,
        kind: 'text',
        createdAt: anyString,
      },
      unread: 2,
      state: 'sent',
      startedByMe: false,
    })
    expect((await inboxAs(t.app, seeker)).json()[0]).toMatchObject({
      other: { name: poster.name },
      lastMessage: { mine: true },
      unread: 0,
    })
    expect((await unreadAs(t.app, poster)).json()).toEqual({ conversations: 1, messages: 2 })
    expect((await headerAs(t.app, seeker, id)).json()).toMatchObject({ seenUpTo: null })

    const read = await readAs(t.app, poster, id)
    expect([read.statusCode, read.json()]).toEqual([200, { conversations: 0, messages: 0 }])
    expect((await inboxAs(t.app, poster)).json()[0].unread).toBe(0)
    // "Seen": the poster has read up to the seeker's last message.
    expect((await headerAs(t.app, seeker, id)).json().seenUpTo).toBe(entry.lastMessage.id)
    // Answering is reading: the seeker's count stays 0 after their own messages and goes up with the poster's.
    await sendAs(t.app, poster, id, 'Saturday works.')
    expect((await unreadAs(t.app, seeker)).json()).toEqual({ conversations: 1, messages: 1 })
  })

  test('newest activity first, paged with before= and a Link to the next page; listingId= finds one', async () => {
    const seeker = await verifiedUser(t)
    const ids: string[] = []
    const listings: string[] = []
    for (let i = 0; i < 3; i++) {
      const poster = await signUp(t.app)
      listings.push(await createListing(t.app, poster, { title: `Room ${i}` }))
      ids.push((await startAs(t.app, seeker, listings[i]!)).json().conversationId)
    }
    // Activity in the first one moves it to the top.
    await sendAs(t.app, seeker, ids[0]!, 'Still there?')
    const first = await inboxAs(t.app, seeker, '?limit=2')
    expect(first.json().map((e: { id: string }) => e.id)).toEqual([ids[0], ids[2]])
    const next = /^<([^>]+)>; rel="next"$/.exec(String(first.headers.link))![1]!
    const second = await injectAs(t.app, seeker, { method: 'GET', url: next })
    expect(second.json().map((e: { id: string }) => e.id)).toEqual([ids[1]])
    expect(second.headers.link).toBeUndefined()
    const about = await inboxAs(t.app, seeker, `?listingId=${listings[1]}`)
    expect(about.json().map((e: { id: string }) => e.id)).toEqual([ids[1]])
    const bad = await inboxAs(t.app, seeker, '?before=abc')
    expect([bad.statusCode, bad.json().error]).toEqual([400, 'Malformed message id.'])
  })
})

describe('block', () => {
  test('either side blocks: no new messages either way, the history stays; unblocking opens it again', async () => {
    const { poster, seeker, id } = await conversationBetween(t)
    expect((await blockAs(t.app, poster, id)).json()).toEqual({ blocked: true })
    const blocker = await sendAs(t.app, poster, id, 'One more thing')
    expect([blocker.statusCode, blocker.json().error]).toEqual([
      403,
      'You blocked this person. Unblock them to send a message.',
    ])
    const blocked = await sendAs(t.app, seeker, id, 'Hello?')
    expect([blocked.statusCode, blocked.json().error]).toEqual([
      403,
      "This person isn't taking messages from you.",
    ])
    expect((await messagesAs(t.app, seeker, id)).json().messages).toHaveLength(1)
    expect((await headerAs(t.app, poster, id)).json()).toMatchObject({ blockedByMe: true, blockedMe: false })
    expect((await headerAs(t.app, seeker, id)).json()).toMatchObject({ blockedByMe: false, blockedMe: true })
    expect((await blockAs(t.app, poster, id, false)).json()).toEqual({ blocked: false })
    expect((await sendAs(t.app, seeker, id, 'Hello again')).statusCode).toBe(201)
  })

  test('a block holds for a new conversation too', async () => {
    const { poster, seeker, id } = await conversationBetween(t)
    await blockAs(t.app, poster, id)
    const other = await createListing(t.app, poster, { title: 'Another room' })
    const response = await startAs(t.app, seeker, other)
    expect([response.statusCode, response.json().error]).toEqual([
      403,
      "This person isn't taking messages from you.",
    ])
  })
})

describe('the contact shield', () => {
  test('contacts in a message sent before the other ever replied are shielded; after a reply they are not', async () => {
    const { poster, seeker, id } = await conversationBetween(
      t,
      'Call me on +44 7700 900123 or mail me@example.com',
    )
    await sendAs(t.app, seeker, id, 'Or see wa.me/447700900123')
    await sendAs(t.app, seeker, id, 'No contacts here.')
    await sendAs(t.app, poster, id, 'Sure, my number is 0412 345 678')
    await sendAs(t.app, seeker, id, 'Great: https://example.com/me')
    const messages = (await messagesAs(t.app, poster, id)).json().messages
    expect(messages.map((m: { shielded: boolean }) => m.shielded)).toEqual([true, true, false, false, false])
    // Nothing is rewritten.
    expect(messages[1].body).toBe('Or see wa.me/447700900123')
  })

  test('a first message stepping around it is shielded all the same (full-width digits, any domain, words)', async () => {
    const { poster, seeker, id } = await conversationBetween(t, 'Text me: ０７７００ ９００１２３')
    await sendAs(t.app, seeker, id, 'or see evil.tk/login')
    await sendAs(t.app, seeker, id, 'oh seven seven double oh nine double oh one two three')
    await sendAs(t.app, seeker, id, "I'm 25, love cooking, want a 3 bed flat")
    const messages = (await messagesAs(t.app, poster, id)).json().messages
    expect(messages.map((m: { shielded: boolean }) => m.shielded)).toEqual([true, true, true, false])
  })
})
