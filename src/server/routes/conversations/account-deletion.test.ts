import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { BASE_URL, createListing, injectAs, type TestUser, useTestApp } from '../../test/app.ts'
import { selectRows } from '../../test/database.ts'
import {
  conversationBetween,
  headerAs,
  inboxAs,
  messagesAs,
  sendAs,
  startAboutAdAs,
  startAs,
  unreadAs,
  verifiedUser,
} from './test-requests.ts'
import { createAd } from '../seeker-ads/test-requests.ts'

const t = useTestApp()

const deleteAccount = (person: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/delete-user',
    headers: { origin: BASE_URL, cookie: person.cookie },
    payload: { password: person.password },
  })

test('deleting an account deletes its messages; the other keeps theirs and sees a deleted account', async () => {
  const { poster, seeker, id } = await conversationBetween(t, 'Hi, I am the seeker')
  await sendAs(t.app, poster, id, 'Hello from the poster')
  await sendAs(t.app, seeker, id, 'Unread by the poster')
  expect((await unreadAs(t.app, poster)).json()).toEqual({ conversations: 1, messages: 1 })
  // A conversation where only the leaving person ever wrote has nothing left to read: it goes.
  const lonely = await startAs(t.app, seeker, await createListing(t.app, poster, { title: 'Second room' }))

  expect((await deleteAccount(seeker)).statusCode).toBe(200)

  const inbox = (await inboxAs(t.app, poster)).json()
  expect(inbox).toHaveLength(1)
  expect(inbox[0]).toMatchObject({
    id,
    other: null,
    unread: 0,
    lastMessage: { body: 'Hello from the poster' },
  })
  expect((await unreadAs(t.app, poster)).json()).toEqual({ conversations: 0, messages: 0 })
  expect((await messagesAs(t.app, poster, id)).json().messages.map((m: { body: string }) => m.body)).toEqual([
    'Hello from the poster',
  ])
  expect((await headerAs(t.app, poster, id)).json()).toMatchObject({ other: null, blockedByMe: false })
  const write = await sendAs(t.app, poster, id, 'Are you there?')
  expect([write.statusCode, write.json().error]).toEqual([
    403,
    'This account was deleted; the conversation is kept for you to read.',
  ])
  const rows = await selectRows<Record<string, number>>(
    t.database,
    sql`select (select count(*)::int from message where sender_id = ${seeker.id}) as messages,
      (select count(*)::int from conversation_member where user_id = ${seeker.id}) as sides,
      (select count(*)::int from conversation where id = ${lonely.json().conversationId}) as lonely`,
  )
  expect(rows).toEqual([{ messages: 0, sides: 0, lonely: 0 }])
})

test('when both people are gone, so is the conversation; a deleted listing leaves it, its title kept', async () => {
  const { poster, seeker, id, listingId } = await conversationBetween(t)
  await sendAs(t.app, poster, id, 'Hi')
  const removed = await injectAs(t.app, poster, {
    method: 'DELETE',
    url: `/api/roommate-listings/${listingId}`,
  })
  expect(removed.statusCode).toBe(200)
  // What it was about is gone; its title stays, so the conversation still says what it was about.
  const gone = { kind: 'listing', id: null, title: 'Room by the river', available: false }
  expect((await inboxAs(t.app, seeker)).json()[0]).toMatchObject({
    id,
    about: gone,
    other: { name: poster.name },
  })
  expect((await sendAs(t.app, seeker, id, 'Is it gone?')).statusCode).toBe(201)

  expect((await deleteAccount(poster)).statusCode).toBe(200)
  expect((await inboxAs(t.app, seeker)).json()[0]).toMatchObject({ id, about: gone, other: null })
  expect((await deleteAccount(seeker)).statusCode).toBe(200)
  const [row] = await selectRows<{ n: number }>(
    t.database,
    sql`select count(*)::int as n from conversation where id = ${id}`,
  )
  expect(row).toEqual({ n: 0 })
})

test('a new person can still write to someone whose earlier correspondent left', async () => {
  const { poster, seeker, listingId } = await conversationBetween(t)
  expect((await deleteAccount(seeker)).statusCode).toBe(200)
  const next = await verifiedUser(t)
  expect((await startAs(t.app, next, listingId)).statusCode).toBe(201)
  expect((await inboxAs(t.app, poster)).json()).toHaveLength(1)
})

test('a seeker who deletes their account takes their ad: the poster keeps the conversation and its title', async () => {
  const seeker = await verifiedUser(t)
  const adId = await createAd(t.app, seeker)
  const poster = await verifiedUser(t)
  const { conversationId } = (await startAboutAdAs(t.app, poster, adId, 'My room may suit you')).json()
  await sendAs(t.app, seeker, conversationId, 'Tell me more')

  expect((await deleteAccount(seeker)).statusCode).toBe(200)

  const [entry] = (await inboxAs(t.app, poster)).json()
  expect(entry).toMatchObject({
    id: conversationId,
    about: { kind: 'seekerAd', id: null, title: expect.stringMatching(/^Room wanted in /), available: false },
    other: null,
  })
  const page = (await messagesAs(t.app, poster, conversationId)).json()
  expect(page.messages.map((m: { body: string }) => m.body)).toEqual(['My room may suit you'])
})
