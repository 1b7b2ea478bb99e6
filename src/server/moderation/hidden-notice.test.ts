import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { useMailedApp } from '../test/accounts.ts'
import { BASE_URL, createListing, injectAs, signUp, signUpVerified, type TestUser } from '../test/app.ts'
import { createAd } from '../routes/seeker-ads/test-requests.ts'
import { selectRows } from '../test/database.ts'
import { runHiddenNotices } from './hidden-notice.ts'

// The owner of a hidden listing or ad is told once per hide (decision 084): real SMTP, real database, the real job
// runner woken by the hiding commit.

const MODERATOR = 'hidden-notice-moderator@example.com'
const t = useMailedApp({ ADMIN_EMAILS: MODERATOR })
let mod: TestUser | undefined
const asModerator = async () => (mod ??= await signUpVerified(t, { email: MODERATOR }))
const moderate = async (url: string, reason = 'Same photos as a known scam') =>
  injectAs(t.app, await asModerator(), { method: 'POST', url: `/api/moderation/${url}`, payload: { reason } })
const report = (user: TestUser, targetKind: string, targetId: string) =>
  injectAs(t.app, user, {
    method: 'POST',
    url: '/api/reports',
    payload: { targetKind, targetId, reason: 'scam' },
  })
const runOnce = () =>
  runHiddenNotices({ db: t.database.db, mailer: t.app.mailer, log: t.app.log }, { baseUrl: BASE_URL })
/** The next "is hidden" mail to `email` (a sign-up's verification mail is passed over). */
async function hiddenMail(email: string, timeoutMs = 10_000) {
  for (;;) {
    const mail = await t.smtp.next(email, timeoutMs)
    if (/is hidden$/.test(mail.subject ?? '')) return mail
  }
}
const noMoreMail = (email: string) => expect(hiddenMail(email, 400)).rejects.toThrow(/no mail/)
const myListings = async (user: TestUser) =>
  (await injectAs(t.app, user, { method: 'GET', url: '/api/my-listings' })).json<
    { _id: string; hidden: { reason: string; note: string | null } | null }[]
  >()

test('a moderator hiding a listing mails its owner once, and My Listings tells them alone why', async () => {
  await t.app.jobs.start()
  const owner = await signUpVerified(t)
  const id = await createListing(t.app, owner, { title: 'Sunny room\nCall 0176 1234 5678' })
  expect((await myListings(owner))[0]!.hidden).toBeNull()

  expect((await moderate(`listings/${id}/hide`)).statusCode).toBe(200)
  // The runner, woken by the commit, mails within seconds; further runs and the schedule send nothing more.
  const mail = await hiddenMail(owner.email)
  expect(mail.subject).toBe('Your listing “Sunny room Call [number removed]” is hidden')
  expect(mail.text).toContain("hidden by Nestmate's moderators")
  expect(mail.text).toContain(`${BASE_URL}/dashboard/my-listing`)
  expect(mail.text).toContain(`${BASE_URL}/contact`)
  // The moderator's words stay on the owner's own page, not in mail.
  expect(mail.text).not.toContain('known scam')
  await runOnce()
  await noMoreMail(owner.email)

  expect((await myListings(owner))[0]!.hidden).toEqual({
    reason: 'moderator',
    note: 'Same photos as a known scam',
  })

  // Shown again, then hidden again: a new hide, one new mail.
  await moderate(`listings/${id}/unhide`, 'Checked, fine')
  expect((await myListings(owner))[0]!.hidden).toBeNull()
  await moderate(`listings/${id}/hide`, 'Second look')
  expect((await hiddenMail(owner.email)).subject).toMatch(/is hidden$/)
  await noMoreMail(owner.email)
}, 60_000)

test('three reports hiding a listing mail its owner once; a moderator then confirming it and a suspension send none', async () => {
  await t.app.jobs.start()
  const owner = await signUp(t.app)
  const id = await createListing(t.app, owner, { title: 'Attic' })
  for (const reporter of [await signUpVerified(t), await signUpVerified(t), await signUpVerified(t)])
    expect((await report(reporter, 'listing', id)).statusCode).toBe(201)
  const mail = await hiddenMail(owner.email)
  // An address not yet verified: neither name nor title (decision 067).
  expect(mail.subject).toBe('Your listing on Nestmate is hidden')
  expect(mail.text).toContain('hidden while people')
  expect(mail.text).not.toContain('Attic')
  expect((await myListings(owner))[0]!.hidden).toEqual({ reason: 'reports', note: null })

  await moderate(`listings/${id}/hide`)
  await moderate(`users/${owner.id}/suspend`, 'Spam')
  await runOnce()
  await noMoreMail(owner.email)
}, 60_000)

test('a room-wanted ad hidden by a moderator mails its writer once', async () => {
  await t.app.jobs.start()
  const writer = await signUpVerified(t)
  const adId = await createAd(t.app, writer)
  await moderate(`seeker-ads/${adId}/hide`)
  const mail = await hiddenMail(writer.email)
  expect(mail.subject).toMatch(/^Your room-wanted ad “.+” is hidden$/)
  expect(mail.text).toContain(`${BASE_URL}/dashboard/room-wanted`)
  await runOnce()
  await noMoreMail(writer.email)
  // Nothing is left queued for anything shown again meanwhile or already told.
  const [left] = await selectRows<{ n: number }>(t.database, sql`select count(*)::int as n from hide_notice`)
  expect(left!.n).toBe(0)
}, 60_000)
