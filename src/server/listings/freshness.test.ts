import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { PATHS } from '#shared/api.ts'
import { openDatabase } from '../db/client.ts'
import { useMailedApp } from '../test/accounts.ts'
import { BASE_URL, createListing, injectAs, signUp } from '../test/app.ts'
import { selectRows, testDatabaseKind } from '../test/database.ts'
import { runFreshness } from './freshness.ts'

// Listing freshness as the job runs it, its time given (or the job runner's clock moved): real SMTP, real database.
// Every run sees every listing of the file's database, so each test asserts about its own listings.

const t = useMailedApp()
const DAY = 24 * 60 * 60 * 1000
const inDays = (days: number) => new Date(Date.now() + days * DAY)
const run = (days: number, db = t.database.db) =>
  runFreshness({ db, mailer: t.app.mailer, log: t.app.log }, { baseUrl: BASE_URL }, { now: inDays(days) })
const availability = async (id: string) =>
  (
    await selectRows<{ a: string }>(t.database, sql`select availability as a from listing where id = ${id}`)
  )[0]?.a
const confirmAs = (user: Parameters<typeof injectAs>[1], id: string) =>
  injectAs(t.app, user, { method: 'POST', url: `/api/roommate-listings/${id}/confirm`, payload: {} })

async function freshnessMail(email: string, timeoutMs = 5000) {
  for (;;) {
    const mail = await t.smtp.next(email, timeoutMs)
    if (/still available/.test(mail.subject ?? '')) return mail
  }
}
const noFreshnessMail = (email: string) => expect(freshnessMail(email, 300)).rejects.toThrow(/no mail/)
// What opening the verification mail's link does (auth.test.ts covers the link itself).
const verify = (user: { id: string }) =>
  t.database.db.execute(sql`update "user" set email_verified = true where id = ${user.id}`)
const overdue = (id: string) =>
  t.database.db.execute(sql`update listing set confirmed_at = now() - interval '31 days' where id = ${id}`)

test('“Still available” is the owner’s: it answers when, and makes a retired listing Available again', async () => {
  const owner = await signUp(t.app)
  const id = await createListing(t.app, owner)
  await t.database.db.execute(sql`update listing set availability = 'Not Available' where id = ${id}`)
  const confirmed = await confirmAs(owner, id)
  expect([confirmed.statusCode, confirmed.json()]).toEqual([200, { confirmedAt: expect.any(String) }])
  expect(Date.now() - Date.parse(confirmed.json().confirmedAt)).toBeLessThan(60_000)
  expect(await availability(id)).toBe('Available')
  const mine = await injectAs(t.app, owner, { method: 'GET', url: '/api/my-listings' })
  expect(mine.json()[0].confirmedAt).toBe(confirmed.json().confirmedAt)

  expect((await confirmAs(await signUp(t.app), id)).json()).toEqual({
    error: 'You can only confirm your own listings.',
  })
  expect((await confirmAs(owner, crypto.randomUUID())).statusCode).toBe(404)
  expect((await confirmAs(null, id)).statusCode).toBe(401)
})

test('30 days after its confirmation the owner gets one mail; 7 days after it, the listing is Not Available', async () => {
  const owner = await signUp(t.app)
  await verify(owner)
  const id = await createListing(t.app, owner, { title: 'Garden room' })
  await run(29)
  await noFreshnessMail(owner.email)

  await run(31)
  const mail = await freshnessMail(owner.email)
  expect(mail.subject).toBe('Is “Garden room” still available?')
  expect(mail.text).toContain(`${BASE_URL}${PATHS.myListings}?confirm=${id}`)
  await run(32)
  await noFreshnessMail(owner.email)
  await run(37.9)
  expect(await availability(id)).toBe('Available')
  await run(38.1)
  expect(await availability(id)).toBe('Not Available')
})

describe('what the mail says: only what the address has confirmed, each title one plain line', () => {
  test('an owner whose address is not verified is asked about “your listing”, by no name and no title', async () => {
    // Whoever signs up with someone else's address chooses the name and the titles: none of it reaches that inbox.
    const owner = await signUp(t.app, { name: 'Mallory Chosen-By-Someone' })
    const id = await createListing(t.app, owner, {
      title: 'SECURITY ALERT: confirm at https://evil.example/now',
    })
    await overdue(id)
    await run(0)
    const mail = await freshnessMail(owner.email)
    expect(mail.subject).toBe('Is your listing on Nestmate still available?')
    expect(mail.text).toMatch(/^Hi,\n\nYou last confirmed your listing on Nestmate 30 days ago\./)
    expect(mail.text).toContain(`${BASE_URL}${PATHS.myListings}?confirm=${id}`)
    for (const part of [mail.subject, mail.text, String(mail.html)])
      expect(part).not.toMatch(/Mallory|SECURITY|evil\.example/)
  })

  test('a verified owner is greeted by name, and a title with line breaks or invisible characters is one line', async () => {
    const owner = await signUp(t.app, { name: 'Vera Verified' })
    await verify(owner)
    const title = 'Sunny room\r\n\nSECURITY ALERT:\tconfirm\u2028at\u202e evil.example\u0085'
    const id = await createListing(t.app, owner, { title })
    await overdue(id)
    await run(0)
    const mail = await freshnessMail(owner.email)
    const oneLine = 'Sunny room SECURITY ALERT: confirm at evil.example'
    expect(mail.subject).toBe(`Is “${oneLine}” still available?`)
    expect(mail.text!.split('\n').slice(0, 3)).toEqual([
      'Hi Vera Verified,',
      '',
      `You last confirmed your listing “${oneLine}” on Nestmate 30 days ago. If the room is still free, one click keeps it listed:`,
    ])
    expect(String(mail.html)).toContain(`your listing “${oneLine}” on Nestmate`)
  })
})

test('confirming after the mail starts over: no retirement, and the next mail 30 days on', async () => {
  const owner = await signUp(t.app)
  const id = await createListing(t.app, owner)
  await t.database.db.execute(
    sql`update listing set confirmed_at = now() - interval '31 days' where id = ${id}`,
  )
  await run(0)
  await freshnessMail(owner.email)
  expect((await confirmAs(owner, id)).statusCode).toBe(200)
  await run(8)
  expect(await availability(id)).toBe('Available')
  await noFreshnessMail(owner.email)
  await run(31)
  await freshnessMail(owner.email)
})

test('after downtime a run catches up: the overdue are asked now and keep their 7 days', async () => {
  const owner = await signUp(t.app)
  const id = await createListing(t.app, owner)
  await t.database.db.execute(
    sql`update listing set confirmed_at = now() - interval '100 days' where id = ${id}`,
  )
  await run(0)
  await freshnessMail(owner.email)
  expect(await availability(id)).toBe('Available')
  await run(7.1)
  expect(await availability(id)).toBe('Not Available')
})

test('two runs at once (two processes on PostgreSQL) mail each owner once', async () => {
  const owner = await signUp(t.app)
  const id = await createListing(t.app, owner)
  await t.database.db.execute(
    sql`update listing set confirmed_at = now() - interval '31 days' where id = ${id}`,
  )
  const second =
    testDatabaseKind === 'postgres'
      ? await openDatabase({ kind: 'postgres', url: (t.database as { url?: string }).url! })
      : undefined
  await Promise.all([run(0), run(0, second?.db)])
  await freshnessMail(owner.email)
  await noFreshnessMail(owner.email)
  const claims = await selectRows(
    t.database,
    sql`select state from mail_claim where key like ${`freshness:${id}:%`}`,
  )
  expect(claims).toEqual([{ state: 'sent' }])
  await second?.close()
})

// Last: it moves the clock of the file's job runner.
describe('the job', () => {
  test('runs on the job runner by its clock', async () => {
    const owner = await signUp(t.app)
    const id = await createListing(t.app, owner)
    const runJob = async () => {
      await t.app.jobs.send('listing-freshness', {})
      expect(await t.app.jobs.runDue('listing-freshness')).toBe(1)
    }
    await runJob()
    await noFreshnessMail(owner.email)
    await t.app.jobs.moveClock(31 * DAY)
    await runJob()
    await freshnessMail(owner.email)
    await t.app.jobs.moveClock(8 * DAY)
    await runJob()
    expect(await availability(id)).toBe('Not Available')
  })
})
