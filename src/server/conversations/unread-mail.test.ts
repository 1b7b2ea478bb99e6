import { spawn } from 'node:child_process'
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { openDatabase } from '../db/client.ts'
import { PATHS } from '#shared/api.ts'
import { useMailedApp } from '../test/accounts.ts'
import { BASE_URL, createListing, signUp } from '../test/app.ts'
import { selectRows, testDatabaseKind } from '../test/database.ts'
import { startSmtpCapture } from '../test/smtp-capture.ts'
import {
  conversationBetween,
  readAs,
  sendAs,
  startAboutAdAs,
  startAs,
  verifiedUser,
} from '../routes/conversations/test-requests.ts'
import { createAd } from '../routes/seeker-ads/test-requests.ts'
import { createMailer } from '../mail/mailer.ts'
import { createUnreadMail, UNREAD_MAIL_AFTER_MS } from './unread-mail.ts'
import { unreadMailJob } from './unread-mail-job.ts'
import { testRunner } from '../jobs/test-runner.ts'

// The unread-message mail, run as the job runner runs it, with its clock moved: real SMTP, real database.

const t = useMailedApp()
const MINUTE = 60_000
/** One run as the job runs it, on the app's database and mailer, at `now`. */
const sendUnreadMail = (options: { now: Date }, db = t.database.db) =>
  createUnreadMail({ db, mailer: t.app.mailer, log: t.app.log }, { baseUrl: BASE_URL })(options)
const later = (ms: number) => new Date(Date.now() + ms)
const verify = (id: string) =>
  t.database.db.execute(sql`update "user" set email_verified = true where id = ${id}`)
/** The next unread-message mail to `email` (the verification mail sent at sign-up is passed over). */
async function unreadMail(email: string, timeoutMs = 5000) {
  for (;;) {
    const mail = await t.smtp.next(email, timeoutMs)
    if (/unread message/.test(mail.subject ?? '')) return mail
  }
}
const noUnreadMail = (email: string) => expect(unreadMail(email, 300)).rejects.toThrow(/no mail/)
/** Sides still claimed as mailed. */
const mailedSides = (conversationId: string) =>
  selectRows<{ userId: string }>(
    t.database,
    sql`select user_id as "userId" from conversation_member where conversation_id = ${conversationId} and mailed_at is not null`,
  )

describe('sendUnreadMail', () => {
  test('one mail for every conversation left unread 15 minutes, none before, none twice', async () => {
    const poster = await signUp(t.app)
    await verify(poster.id)
    const first = await conversationBetween(t)
    const seeker = await verifiedUser(t)
    // Two conversations for the same poster, three messages: one mail.
    const listing = await createListing(t.app, poster, { title: 'Flat with <b>garden</b>' })
    const started = (await startAs(t.app, seeker, listing, 'Hello')).json().conversationId
    await sendAs(t.app, seeker, started, 'Still free?')
    // A title is its poster's text: a line break in it can't start a line of the mail.
    const other = await createListing(t.app, poster, { title: 'Attic\n\nSECURITY ALERT:\u2028room' })
    const third = await verifiedUser(t)
    await startAs(t.app, third, other, 'Hi there')

    expect(await sendUnreadMail({ now: later(14 * MINUTE) })).toEqual({ mailed: 0, failed: 0 })
    const run = await sendUnreadMail({ now: later(UNREAD_MAIL_AFTER_MS + MINUTE) })
    expect(run.failed).toBe(0)
    const mail = await unreadMail(poster.email)
    expect(mail.subject).toBe('You have 3 unread messages on Nestmate')
    expect(mail.text).toContain(`2 unread messages from ${seeker.name} about “Flat with <b>garden</b>”`)
    expect(mail.text).toContain(`1 unread message from ${third.name} about “Attic SECURITY ALERT: room”`)
    expect(mail.text).toContain(`${BASE_URL}${PATHS.inbox}`)
    // The names are text in the HTML part; the messages themselves are never in a mail.
    expect(mail.html).toContain('Flat with &#60;b&#62;garden&#60;/b&#62;')
    expect(mail.text).not.toContain('Still free?')
    // The first conversation's poster (unverified) gets none.
    await noUnreadMail(first.poster.email)

    expect(await sendUnreadMail({ now: later(30 * MINUTE) })).toEqual({ mailed: 0, failed: 0 })
  })

  test('a writer’s name and a title carry no link into the mail: each address becomes a note', async () => {
    const poster = await verifiedUser(t)
    const listing = await createListing(t.app, poster, { title: 'Room, photos at evil.tk/room' })
    const name = 'Nestmate Support: re-verify at https://nestmate-help.example/login'
    const stranger = await signUp(t.app, { name })
    await verify(stranger.id)
    expect((await startAs(t.app, stranger, listing, 'Hello')).statusCode).toBe(201)
    expect((await sendUnreadMail({ now: later(UNREAD_MAIL_AFTER_MS + MINUTE) })).failed).toBe(0)
    const mail = await unreadMail(poster.email)
    const line =
      '1 unread message from Nestmate Support: re-verify at [link removed] about “Room, photos at [link removed]”'
    expect(mail.text).toContain(line)
    expect(mail.html).toContain(line)
    for (const part of [mail.subject, mail.text, mail.html])
      expect(part).not.toMatch(/nestmate-help|evil\.tk/)
  })

  test('a conversation about a room-wanted ad is named by the ad’s town', async () => {
    const seeker = await verifiedUser(t)
    const adId = await createAd(t.app, seeker)
    const poster = await verifiedUser(t)
    expect((await startAboutAdAs(t.app, poster, adId, 'My room may suit you')).statusCode).toBe(201)
    expect((await sendUnreadMail({ now: later(UNREAD_MAIL_AFTER_MS + MINUTE) })).failed).toBe(0)
    const mail = await unreadMail(seeker.email)
    expect(mail.text).toContain(`1 unread message from ${poster.name} about “Room wanted in Berlin”`)
  })

  test('nothing once read; after reading, new unread messages may mail again', async () => {
    const { poster, seeker, id } = await conversationBetween(t)
    await verify(poster.id)
    await readAs(t.app, poster, id)
    expect((await sendUnreadMail({ now: later(20 * MINUTE) })).mailed).toBe(0)

    await sendAs(t.app, seeker, id, 'Hello?')
    expect((await sendUnreadMail({ now: later(20 * MINUTE) })).mailed).toBe(1)
    await unreadMail(poster.email)
    await sendAs(t.app, seeker, id, 'Hello??')
    // Still unread since the mail: no second one.
    expect((await sendUnreadMail({ now: later(40 * MINUTE) })).mailed).toBe(0)
    await readAs(t.app, poster, id)
    await sendAs(t.app, seeker, id, 'Are you there?')
    expect((await sendUnreadMail({ now: later(40 * MINUTE) })).mailed).toBe(1)
    expect((await unreadMail(poster.email)).subject).toBe('You have 1 unread message on Nestmate')
  })

  test('a mail the server refuses is given back, and the next run sends it once', async () => {
    const refusing = await startSmtpCapture({ refuseFirst: 1 })
    const mailer = createMailer(
      { smtpUrl: refusing.url, mailFrom: 'hi@nestmate.test', dataDir: '.tmp/unused' },
      t.app.log,
    )
    const send = createUnreadMail({ db: t.database.db, mailer, log: t.app.log }, { baseUrl: BASE_URL })
    const { poster, id } = await conversationBetween(t)
    await verify(poster.id)
    expect(await send({ now: later(16 * MINUTE) })).toEqual({ mailed: 0, failed: 1 })
    expect(await mailedSides(id)).toEqual([])
    expect(await send({ now: later(17 * MINUTE) })).toEqual({ mailed: 1, failed: 0 })
    await refusing.next(poster.email)
    expect(await send({ now: later(18 * MINUTE) })).toEqual({ mailed: 0, failed: 0 })
    await mailer.close()
    await refusing.close()
  })

  test('two runs at once mail each person once', async () => {
    const { poster } = await conversationBetween(t)
    await verify(poster.id)
    // On PostgreSQL the second run is a second pool, as another process would have.
    const second =
      testDatabaseKind === 'postgres'
        ? await openDatabase({ kind: 'postgres', url: (t.database as { url?: string }).url! })
        : undefined
    const now = later(16 * MINUTE)
    const runs = await Promise.all([sendUnreadMail({ now }), sendUnreadMail({ now }, second?.db)])
    expect(runs.map((run) => run.mailed).sort()).toEqual([0, 1])
    await unreadMail(poster.email)
    await noUnreadMail(poster.email)
    await second?.close()
  })

  test('a run whose time is up gives back the people it has not mailed', async () => {
    const { poster, id } = await conversationBetween(t)
    await verify(poster.id)
    const now = later(16 * MINUTE)
    const send = createUnreadMail(
      { db: t.database.db, mailer: t.app.mailer, log: t.app.log },
      { baseUrl: BASE_URL },
    )
    expect(await send({ now, signal: AbortSignal.abort() })).toEqual({ mailed: 0, failed: 0 })
    expect(await mailedSides(id)).toEqual([])
    expect((await sendUnreadMail({ now })).mailed).toBeGreaterThan(0)
    await unreadMail(poster.email)
  })

  // Last: it moves the clock of the file's job runner.
  test('the job runner runs it every minute, by its clock', async () => {
    const { poster, id } = await conversationBetween(t)
    await verify(poster.id)
    // Started, a runner with the job sets its schedule (a runner of its own: the app's stays usable).
    const started = await testRunner(t.database, [unreadMailJob(t.app.mailer, { baseUrl: BASE_URL })])
    await started.start()
    const schedules = await selectRows(
      t.database,
      `select cron from pgboss.schedule where name = 'unread-mail'`,
    )
    await started.stop()
    expect(schedules).toEqual([{ cron: '* * * * *' }])

    const run = async () => {
      await t.app.jobs.send('unread-mail', {})
      expect(await t.app.jobs.runDue('unread-mail')).toBe(1)
    }
    await run()
    await noUnreadMail(poster.email)
    await t.app.jobs.moveClock(UNREAD_MAIL_AFTER_MS + MINUTE)
    await run()
    expect((await unreadMail(poster.email)).subject).toBe('You have 1 unread message on Nestmate')
    expect(await mailedSides(id)).toEqual([{ userId: poster.id }])
    await run()
    await noUnreadMail(poster.email)
    const claims = await selectRows<{ state: string }>(
      t.database,
      `select state from mail_claim where key like 'unread:${poster.id}:%'`,
    )
    expect(claims).toEqual([{ state: 'sent' }])
  })
})

describe.skipIf(testDatabaseKind !== 'postgres')('a run killed while sending', () => {
  test('sends nothing again: the claim stays (that mail is lost, never doubled)', async () => {
    const { poster, id } = await conversationBetween(t)
    await verify(poster.id)
    const hanging = await startSmtpCapture({ hold: () => true })
    const now = later(16 * MINUTE).toISOString()
    const url = (t.database as { url?: string }).url!
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/test/send-unread-mail.ts', url, hanging.url, now],
      {
        stdio: 'ignore',
      },
    )
    const exited = new Promise((resolve) => child.once('exit', resolve))
    await hanging.held()
    child.kill('SIGKILL')
    await exited
    await hanging.close()
    expect(await mailedSides(id)).toEqual([{ userId: poster.id }])
    expect(await sendUnreadMail({ now: later(20 * MINUTE) })).toEqual({ mailed: 0, failed: 0 })
    await noUnreadMail(poster.email)
  })
})
