import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { useMailedApp } from '../test/accounts.ts'
import { BASE_URL, createListing, signUpVerified } from '../test/app.ts'
import { blockAs, startAs } from '../routes/conversations/test-requests.ts'
import { runNudges } from './nudge.ts'

// The nudge (decision 089): real SMTP, real database; the run is called with the time it works at.

const t = useMailedApp()
const HOUR = 3_600_000
const run = (at: Date) =>
  runNudges({ db: t.database.db, mailer: t.app.mailer, log: t.app.log }, { baseUrl: BASE_URL }, at)
/** The next nudge to `email` (sign-up mail passed over). */
async function nudge(email: string, timeoutMs = 5000) {
  for (;;) {
    const mail = await t.smtp.next(email, timeoutMs)
    if (/waiting for your reply/.test(mail.subject ?? '')) return mail
  }
}
const enquire = async (listingId: string) => {
  const seeker = await signUpVerified(t)
  const started = await startAs(t.app, seeker, listingId)
  return { seeker, id: started.json<{ conversationId: string }>().conversationId }
}

test('one mail naming who waits two days, at most one a day; a blocked enquirer is never named', async () => {
  const poster = await signUpVerified(t)
  const listingId = await createListing(t.app, poster, { title: 'Room by the canal' })
  const [first, second, blocked] = [
    await enquire(listingId),
    await enquire(listingId),
    await enquire(listingId),
  ]
  await blockAs(t.app, poster, blocked.id)
  const now = Date.now()

  // Not yet 48 hours: nothing.
  expect(await run(new Date(now + 47 * HOUR))).toBe(0)
  expect(await run(new Date(now + 49 * HOUR))).toBe(1)
  const mail = await nudge(poster.email)
  expect(mail.subject).toBe('2 people are waiting for your reply on Nestmate')
  expect(mail.text).toContain(`- ${first.seeker.name}, about “Room by the canal”`)
  expect(mail.text).toContain(`- ${second.seeker.name}, about “Room by the canal”`)
  expect(mail.text).not.toContain(blocked.seeker.name)
  expect(mail.text).toContain(`${BASE_URL}/dashboard/messages`)

  // A later enquiry: not within the same 24 hours, then once; an answered one never.
  const third = await enquire(listingId)
  const answered = await enquire(listingId)
  await t.database.db.execute(
    sql`update conversation_reply set replied_at = now() where conversation_id = ${answered.id}`,
  )
  expect(await run(new Date(now + 60 * HOUR))).toBe(0)
  expect(await run(new Date(now + 74 * HOUR))).toBe(1)
  const later = await nudge(poster.email)
  expect(later.subject).toBe(`${third.seeker.name} is waiting for your reply on Nestmate`)
  expect(later.text).not.toContain(answered.seeker.name)
  expect(await run(new Date(now + 100 * HOUR))).toBe(0)
})
