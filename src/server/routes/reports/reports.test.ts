import { sql } from 'drizzle-orm'
import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { createListing, injectAs, signUp, type TestUser, useTestApp } from '../../test/app.ts'
import { selectRows } from '../../test/database.ts'
import { conversationBetween, messagesAs, verifiedUser } from '../conversations/test-requests.ts'

const t = useTestApp()

const reportAs = (user: TestUser | null, payload: object) =>
  injectAs(t.app, user, { method: 'POST', url: '/api/reports', payload })

test('a participant reports the other person’s message once; the report waits in the queue', async () => {
  const { poster, seeker, id } = await conversationBetween(t, 'Pay the deposit by gift card first')
  const [message] = (await messagesAs(t.app, poster, id)).json().messages
  const filed = await reportAs(poster, {
    targetKind: 'message',
    targetId: message.id,
    reason: 'scam',
    note: 'Asks for gift cards',
  })
  expect([filed.statusCode, filed.json()]).toEqual([201, { reportId: expect.any(String) }])
  const again = await reportAs(poster, { targetKind: 'message', targetId: message.id, reason: 'offensive' })
  expect([again.statusCode, again.json().error]).toEqual([
    409,
    'You have already reported this; a moderator will look at it.',
  ])
  const rows = await selectRows(
    t.database,
    sql`select reporter_id as "reporterId", target_kind as "targetKind", target_id as "targetId", reason, note, status
      from report where id = ${filed.json().reportId}`,
  )
  expect(rows).toEqual([
    {
      reporterId: poster.id,
      targetKind: 'message',
      targetId: String(message.id),
      reason: 'scam',
      note: 'Asks for gift cards',
      status: 'open',
    },
  ])

  const own = await reportAs(seeker, { targetKind: 'message', targetId: message.id, reason: 'other' })
  expect([own.statusCode, own.json().error]).toEqual([400, "You can't report your own message."])
  const stranger = await reportAs(await verifiedUser(t), {
    targetKind: 'message',
    targetId: message.id,
    reason: 'scam',
  })
  expect([stranger.statusCode, stranger.json().error]).toEqual([
    403,
    'You can only report messages in your own conversations.',
  ])
  const unknown = await reportAs(poster, { targetKind: 'message', targetId: 9_000_000_000, reason: 'scam' })
  expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'Message not found.'])
})

test('bad reports are a 400 naming the field', async () => {
  const { poster } = await conversationBetween(t)
  for (const [payload, error] of [
    [
      { targetKind: 'room', targetId: 1, reason: 'scam' },
      'targetKind must be one of message, listing, user, seeker_ad, reference, review.',
    ],
    [{ targetKind: 'listing', targetId: 1, reason: 'scam' }, 'Malformed listing id.'],
    [{ targetKind: 'user', targetId: 'a b', reason: 'scam' }, 'Malformed person id.'],
    [
      { targetKind: 'listing', targetId: randomUUID(), reason: 'low_rent' },
      expect.stringContaining('reason must be'),
    ],
    [{ targetKind: 'message', targetId: 'x', reason: 'scam' }, 'Malformed message id.'],
    [
      { targetKind: 'message', targetId: 1, reason: 'boring' },
      'reason must be one of scam, offensive, not_a_real_room, already_taken, other.',
    ],
    [
      { targetKind: 'message', targetId: 1, reason: 'scam', note: 'x'.repeat(1001) },
      'Note must be at most 1,000 characters.',
    ],
  ] as const) {
    const response = await reportAs(poster, payload)
    expect([response.statusCode, response.json().error]).toEqual([400, error])
  }
})

const listingIsBrowsed = async (viewer: TestUser, id: string) => {
  const browse = await injectAs(t.app, viewer, {
    method: 'GET',
    url: '/api/roommate-listings?limit=50&sort=newest',
  })
  const featured = await injectAs(t.app, null, { method: 'GET', url: '/api/featured-roommates' })
  const details = await injectAs(t.app, viewer, { method: 'GET', url: `/api/roommate-listings/${id}` })
  return {
    browse: browse.json().some((listing: { _id: string }) => listing._id === id),
    featured: featured.json().some((listing: { _id: string }) => listing._id === id),
    details: details.statusCode,
  }
}

test('people report listings and people; the owner and oneself can’t be reported; missing ones are 404', async () => {
  const owner = await signUp(t.app)
  const listingId = await createListing(t.app, owner)
  const reporter = await signUp(t.app)
  const filed = await reportAs(reporter, {
    targetKind: 'listing',
    targetId: listingId,
    reason: 'not_a_real_room',
  })
  expect(filed.statusCode).toBe(201)
  const again = await reportAs(reporter, { targetKind: 'listing', targetId: listingId, reason: 'scam' })
  expect(again.statusCode).toBe(409)
  const person = await reportAs(reporter, {
    targetKind: 'user',
    targetId: owner.id,
    reason: 'offensive',
    note: 'Rude',
  })
  expect(person.statusCode).toBe(201)

  for (const [payload, status, error] of [
    [
      { targetKind: 'listing', targetId: listingId, reason: 'scam' },
      400,
      "You can't report your own listing.",
    ],
    [{ targetKind: 'user', targetId: owner.id, reason: 'scam' }, 400, "You can't report yourself."],
    [{ targetKind: 'listing', targetId: randomUUID(), reason: 'scam' }, 404, 'Listing not found.'],
    [{ targetKind: 'user', targetId: 'nobody-here', reason: 'scam' }, 404, 'Person not found.'],
  ] as const) {
    const response = await reportAs(owner, payload)
    expect([response.statusCode, response.json().error]).toEqual([status, error])
  }
  expect((await reportAs(null, { targetKind: 'user', targetId: owner.id, reason: 'scam' })).statusCode).toBe(
    401,
  )
})

test('three verified people’s reports hide a listing from browse, featured and others’ details; not before', async () => {
  const owner = await signUp(t.app)
  const id = await createListing(t.app, owner, { title: 'Reported room' })
  const viewer = await signUp(t.app)
  expect(await listingIsBrowsed(viewer, id)).toEqual({ browse: true, featured: true, details: 200 })

  // One person three times, three unverified accounts and the system count for nothing.
  const repeat = await verifiedUser(t)
  expect((await reportAs(repeat, { targetKind: 'listing', targetId: id, reason: 'scam' })).statusCode).toBe(
    201,
  )
  for (const reason of ['offensive', 'other'])
    expect((await reportAs(repeat, { targetKind: 'listing', targetId: id, reason })).statusCode).toBe(409)
  for (let i = 0; i < 3; i++)
    await reportAs(await signUp(t.app), { targetKind: 'listing', targetId: id, reason: 'scam' })
  await t.database.db.execute(
    sql`insert into report (target_kind, target_id, reason, note, is_system) values ('listing', ${id}, 'low_rent', 'Cheap', true)`,
  )
  await reportAs(await verifiedUser(t), { targetKind: 'listing', targetId: id, reason: 'scam' })
  expect(await listingIsBrowsed(viewer, id)).toEqual({ browse: true, featured: true, details: 200 })

  await reportAs(await verifiedUser(t), { targetKind: 'listing', targetId: id, reason: 'not_a_real_room' })
  expect(await listingIsBrowsed(viewer, id)).toEqual({ browse: false, featured: false, details: 404 })
  // Its owner still sees it.
  const own = await injectAs(t.app, owner, { method: 'GET', url: `/api/roommate-listings/${id}` })
  expect(own.statusCode).toBe(200)
})
