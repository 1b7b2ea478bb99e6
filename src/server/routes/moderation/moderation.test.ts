import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import {
  BASE_URL,
  createListing,
  injectAs,
  signUp,
  type TestUser,
  useTestApp,
  signUpVerified,
} from '../../test/app.ts'
import { conversationBetween, messagesAs, verifiedUser } from '../conversations/test-requests.ts'

const MODERATOR = 'moderator@example.com'
const t = useTestApp({ ADMIN_EMAILS: `someone@example.com, ${MODERATOR.toUpperCase()}` })

const call = (user: TestUser | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  injectAs(t.app, user, { method, url: `/api/moderation/${url}`, ...(payload ? { payload } : {}) })
const report = (user: TestUser, targetKind: string, targetId: string | number, reason = 'scam', note = '') =>
  injectAs(t.app, user, {
    method: 'POST',
    url: '/api/reports',
    payload: { targetKind, targetId, reason, note },
  })
const details = (user: TestUser, id: string) =>
  injectAs(t.app, user, { method: 'GET', url: `/api/roommate-listings/${id}` })

const moderator = () => signUpVerified(t, { email: MODERATOR })
let mod: TestUser | undefined
const asModerator = async () => (mod ??= await moderator())

test('only moderators reach the queue, the log and the decisions; the status says who is one', async () => {
  const person = await signUp(t.app)
  const moderatorUser = await asModerator()
  expect((await call(null, 'GET', 'queue')).statusCode).toBe(401)
  const refused = await call(person, 'GET', 'queue')
  expect([refused.statusCode, refused.json()]).toEqual([403, { error: 'Only moderators can do this.' }])
  expect(
    (await call(person, 'POST', 'dismiss', { targetKind: 'user', targetId: 'x', reason: 'x' })).statusCode,
  ).toBe(403)
  expect((await call(person, 'GET', 'status')).json()).toEqual({ isModerator: false })
  expect((await call(moderatorUser, 'GET', 'status')).json()).toEqual({ isModerator: true })
  expect((await call(moderatorUser, 'GET', 'queue')).statusCode).toBe(200)
})

test('a listed address moderates only once verified, and no longer once the address is changed', async () => {
  const person = await signUp(t.app)
  // Someone signs up with the listed address before its owner does: no verification, no moderation.
  const squatter = await signUp(t.app, { email: 'Someone@Example.com' })
  expect((await call(squatter, 'GET', 'status')).json()).toEqual({ isModerator: false })
  for (const [method, url, payload] of [
    ['GET', 'queue'],
    ['GET', 'actions'],
    ['POST', 'dismiss', { targetKind: 'user', targetId: person.id, reason: 'x' }],
    ['POST', `users/${person.id}/suspend`, { reason: 'x' }],
  ] as const)
    expect([url, (await call(squatter, method, url, payload)).statusCode]).toEqual([url, 403])

  // Verified, the same session moderates at once; the address changed (in the database, as an operator might),
  // it stops at once, whatever the session remembers.
  await t.database.db.execute(sql`update "user" set email_verified = true where id = ${squatter.id}`)
  expect((await call(squatter, 'GET', 'status')).json()).toEqual({ isModerator: true })
  expect((await call(squatter, 'GET', 'queue')).statusCode).toBe(200)
  await t.database.db.execute(
    sql`update "user" set email = 'elsewhere@example.com' where id = ${squatter.id}`,
  )
  expect((await call(squatter, 'GET', 'status')).json()).toEqual({ isModerator: false })
  expect((await call(squatter, 'GET', 'queue')).statusCode).toBe(403)
})

test('the queue groups reports by target with the listing, the person and the message in context', async () => {
  const owner = await signUp(t.app)
  const listingId = await createListing(t.app, owner, { title: 'Queue room' })
  const [a, b] = [await verifiedUser(t), await signUp(t.app)]
  await report(a, 'listing', listingId, 'scam', 'Asked for a deposit by wire')
  await report(b, 'listing', listingId, 'not_a_real_room')
  await report(a, 'user', owner.id, 'offensive')
  const { poster, id } = await conversationBetween(t, 'Send gift cards first')
  const [message] = (await messagesAs(t.app, poster, id)).json().messages
  await report(poster, 'message', message.id, 'scam')

  const queue = (await call(await asModerator(), 'GET', 'queue')).json()
  expect(queue.openReports).toBeGreaterThanOrEqual(4)
  const [first, second, third] = queue.entries
  expect(first).toMatchObject({
    targetKind: 'message',
    targetId: String(message.id),
    target: { kind: 'message', around: [{ body: 'Send gift cards first', isReported: true }] },
  })
  expect(second).toMatchObject({
    targetKind: 'user',
    target: { kind: 'user', id: owner.id, suspended: false },
  })
  expect(third).toMatchObject({
    targetKind: 'listing',
    targetId: listingId,
    countingReporters: 1,
    target: { kind: 'listing', title: 'Queue room', hiddenReason: null, owner: { id: owner.id }, photos: [] },
  })
  expect(third.reports).toEqual([
    expect.objectContaining({ reason: 'not_a_real_room', reporter: { name: b.name, verified: false } }),
    expect.objectContaining({ reason: 'scam', note: 'Asked for a deposit by wire', isSystem: false }),
  ])
})

test('hide and unhide a listing; dismiss shows a listing reports hid; every decision is logged', async () => {
  const moderatorUser = await asModerator()
  const owner = await signUp(t.app)
  const viewer = await signUp(t.app)
  const id = await createListing(t.app, owner, { title: 'Logged room' })
  await report(viewer, 'listing', id)

  const missingReason = await call(moderatorUser, 'POST', `listings/${id}/hide`, { reason: ' ' })
  expect([missingReason.statusCode, missingReason.json().error]).toEqual([400, 'Say why, in a few words.'])
  const unknown = await call(moderatorUser, 'POST', `listings/${crypto.randomUUID()}/hide`, {
    reason: 'Scam',
  })
  expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'Listing not found.'])

  const hidden = await call(moderatorUser, 'POST', `listings/${id}/hide`, {
    reason: 'Photos from a hotel site',
  })
  expect([hidden.statusCode, hidden.json()]).toEqual([200, { hiddenReason: 'moderator' }])
  expect((await details(viewer, id)).statusCode).toBe(404)
  expect((await details(owner, id)).statusCode).toBe(200)
  const shown = await call(moderatorUser, 'POST', `listings/${id}/unhide`, { reason: 'Owner proved it' })
  expect(shown.json()).toEqual({ hiddenReason: null })
  expect((await details(viewer, id)).statusCode).toBe(200)

  // Three verified reports hide it; dismissing them shows it again.
  for (let i = 0; i < 3; i++) await report(await verifiedUser(t), 'listing', id)
  expect((await details(viewer, id)).statusCode).toBe(404)
  const dismissed = await call(moderatorUser, 'POST', 'dismiss', {
    targetKind: 'listing',
    targetId: id,
    reason: 'Fine',
  })
  expect(dismissed.json()).toEqual({ dismissed: 3 })
  expect((await details(viewer, id)).statusCode).toBe(200)
  const again = await call(moderatorUser, 'POST', 'dismiss', {
    targetKind: 'listing',
    targetId: id,
    reason: 'Fine',
  })
  expect([again.statusCode, again.json().error]).toEqual([404, 'No open reports on this.'])

  const log = (await call(moderatorUser, 'GET', 'actions')).json().actions
  expect(log.slice(0, 3)).toEqual([
    expect.objectContaining({
      action: 'dismiss',
      targetId: id,
      targetName: 'Logged room',
      moderator: MODERATOR,
      reason: 'Fine',
    }),
    expect.objectContaining({ action: 'unhide', targetKind: 'listing', reason: 'Owner proved it' }),
    expect.objectContaining({
      action: 'hide',
      reason: 'Photos from a hotel site',
      createdAt: expect.any(String),
    }),
  ])
})

test('a suspended person is signed out, can’t sign in, and their listings are hidden until unsuspended', async () => {
  const moderatorUser = await asModerator()
  const person = await signUp(t.app)
  const viewer = await signUp(t.app)
  const id = await createListing(t.app, person)
  const signIn = () =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: BASE_URL },
      payload: { email: person.email, password: person.password },
    })

  const self = await call(moderatorUser, 'POST', `users/${moderatorUser.id}/suspend`, { reason: 'x' })
  expect([self.statusCode, self.json().error]).toEqual([400, "You can't suspend yourself."])
  const suspended = await call(moderatorUser, 'POST', `users/${person.id}/suspend`, {
    reason: 'Scam messages',
  })
  expect([suspended.statusCode, suspended.json()]).toEqual([200, { suspended: true }])
  expect((await injectAs(t.app, person, { method: 'GET', url: '/api/my-listings' })).statusCode).toBe(401)
  const refused = await signIn()
  expect([refused.statusCode, refused.json().error]).toEqual([
    403,
    'This account is suspended. Write to the site if you think this is a mistake.',
  ])
  expect((await details(viewer, id)).statusCode).toBe(404)

  const lifted = await call(moderatorUser, 'POST', `users/${person.id}/unsuspend`, {
    reason: 'Appeal accepted',
  })
  expect(lifted.json()).toEqual({ suspended: false })
  expect((await signIn()).statusCode).toBe(200)
  expect((await details(viewer, id)).statusCode).toBe(200)
  expect((await call(moderatorUser, 'POST', 'users/nobody/suspend', { reason: 'x' })).statusCode).toBe(404)
})
