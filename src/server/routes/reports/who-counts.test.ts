import { randomUUID } from 'node:crypto'
import { expect, test } from 'vitest'
import { createListing, injectAs, signUp, signUpVerified, type TestUser, useTestApp } from '../../test/app.ts'

// Who counts toward the three reports that hide a listing (docs/decisions/071): different mailboxes (an address's
// case, +tags and Gmail's dots name one mailbox), and once a moderator has looked, only people new to the thing.

const MODERATOR = 'counting-moderator@example.com'
const t = useTestApp({ ADMIN_EMAILS: MODERATOR })
let mod: TestUser | undefined
const asModerator = async () => (mod ??= await signUpVerified(t, { email: MODERATOR }))

const reportListing = async (user: TestUser, id: string) => {
  const response = await injectAs(t.app, user, {
    method: 'POST',
    url: '/api/reports',
    payload: { targetKind: 'listing', targetId: id, reason: 'scam' },
  })
  expect(response.statusCode).toBe(201)
}
const isShown = async (viewer: TestUser, id: string) =>
  (await injectAs(t.app, viewer, { method: 'GET', url: `/api/roommate-listings/${id}` })).statusCode === 200
const countingReporters = async (id: string) => {
  const queue = await injectAs(t.app, await asModerator(), { method: 'GET', url: '/api/moderation/queue' })
  return queue
    .json<{ entries: { targetId: string; countingReporters: number }[] }>()
    .entries.find((entry) => entry.targetId === id)?.countingReporters
}
/** A new verified account on an address of this mailbox's owner. */
const alias = (email: string) => signUpVerified(t, { email })

test('accounts on one mailbox are one reporter: case, +tags and Gmail’s dots', async () => {
  const owner = await signUp(t.app)
  const viewer = await signUp(t.app)
  const id = await createListing(t.app, owner)
  const eve = `eve${randomUUID().slice(0, 6)}`
  for (const email of [
    `${eve}+1@gmail.com`,
    `${eve.toUpperCase()}+2@googlemail.com`,
    `${eve.slice(0, 2)}.${eve.slice(2)}+3@Gmail.com`,
  ])
    await reportListing(await alias(email), id)
  expect([await isShown(viewer, id), await countingReporters(id)]).toEqual([true, 1])

  // Elsewhere a +tag is the same mailbox too; a dot is not (only Gmail ignores them).
  const frank = `frank${randomUUID().slice(0, 6)}`
  await reportListing(await alias(`${frank}@example.org`), id)
  await reportListing(await alias(`${frank}+again@Example.org`), id)
  expect([await isShown(viewer, id), await countingReporters(id)]).toEqual([true, 2])
  await reportListing(await alias(`f.${frank}@example.org`), id)
  expect(await isShown(viewer, id)).toBe(false)
})

test('after a moderator shows a listing, only people who hadn’t reported it count again', async () => {
  const owner = await signUp(t.app)
  const viewer = await signUp(t.app)
  const id = await createListing(t.app, owner)
  const first = await Promise.all([0, 1, 2].map(() => signUpVerified(t)))
  for (const person of first) await reportListing(person, id)
  expect(await isShown(viewer, id)).toBe(false)

  const dismissed = await injectAs(t.app, await asModerator(), {
    method: 'POST',
    url: '/api/moderation/dismiss',
    payload: { targetKind: 'listing', targetId: id, reason: 'A real room; I called the owner' },
  })
  expect(dismissed.statusCode).toBe(200)
  expect(await isShown(viewer, id)).toBe(true)

  // The same three report again, and a fresh alias of one of them: nothing counts.
  for (const person of first) await reportListing(person, id)
  const [local, domain] = first[0]!.email.split('@')
  await reportListing(await alias(`${local}+fresh@${domain}`), id)
  expect([await isShown(viewer, id), await countingReporters(id)]).toEqual([true, 0])

  // Three people new to it hide it again.
  for (let i = 0; i < 3; i++) await reportListing(await signUpVerified(t), id)
  expect([await isShown(viewer, id), await countingReporters(id)]).toEqual([false, 3])
})
