import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'
import { buildApp } from '../app.ts'
import { openDatabase, type DatabaseTarget } from '../db/client.ts'
import { createListing, signUp, TEST_ENV, testConfig } from '../test/app.ts'
import {
  createPostgresDatabase,
  dataDirFromTemplate,
  selectRows,
  testDatabaseKind,
} from '../test/database.ts'
import { startScriptProcess } from '../test/processes.ts'
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.ts'
import { savedSearchOf } from '../routes/saved-searches/test-requests.ts'

// The saved-search jobs in a real process, woken for the rooms posted, the instant alert killed with SIGKILL mid-run, retried by another process that is killed
// too, then finished by a third: every alert is mailed exactly once and none is lost. The kills land at the two
// points that matter (see src/server/test/pausable-job-process.ts): after a run named its batches but before it
// claimed any mail (the next run sends them), and after a mail went out but before its rooms were marked mailed
// (no run sends it again).

const dataDir = mkdtempSync(path.join(tmpdir(), 'nestmate-alerts-kill-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

type SharedTarget = Extract<DatabaseTarget, { kind: 'postgres' | 'pglite' }>

/** A migrated database of the test's own with two seekers' instant searches and three new rooms for both. */
async function seeded() {
  const url = process.env.TEST_DATABASE_URL
  const target: SharedTarget = url
    ? {
        kind: 'postgres',
        url: await createPostgresDatabase(url, `nestmate_alerts_kill_${randomBytes(4).toString('hex')}`),
      }
    : { kind: 'pglite', dataDir: dataDirFromTemplate(dataDir) }
  const database = await openDatabase(target)
  const app = await buildApp(testConfig({ DATA_DIR: dataDir }), database)
  await app.ready()
  const token = `kill${randomBytes(3).toString('hex')}`
  const seekers = [await signUp(app), await signUp(app)]
  for (const seeker of seekers) {
    await database.db.execute(sql`update "user" set email_verified = true where id = ${seeker.id}`)
    await savedSearchOf(app, seeker, `q=${token}`)
  }
  const poster = await signUp(app)
  const titles = [1, 2, 3].map((i) => `${token} room ${i}`)
  for (const title of titles) await createListing(app, poster, { title })
  await app.close()
  await database.close()
  return { target, emails: seekers.map((seeker) => seeker.email), titles }
}

/** Starts the alert job process on `target`. */
function startProcess(target: SharedTarget, env: Record<string, string>) {
  return startScriptProcess('src/server/test/alert-job-process.ts', {
    AUTH_SECRET: TEST_ENV.AUTH_SECRET,
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }),
    ...env,
  })
}

/** Each seeker's alert mails: how many, and how often each room is listed in them. */
function mailsTo(smtp: SmtpCapture, email: string, titles: string[]) {
  const mails = smtp.received.filter((mail) => mail.to === email)
  const text = mails.map((mail) => mail.text).join('\n')
  return { mails: mails.length, rooms: titles.map((title) => text.split(`${title},`).length - 1) }
}

test(`two kills -9 of the alert job, before it sent and after, then a process that finishes: each alert mailed once, on ${testDatabaseKind}`, async () => {
  const smtp = await startSmtpCapture()
  const { target, emails, titles } = await seeded()
  try {
    // Woken for the queued rooms, it matches them and queues their alert, which names its batches and is killed
    // before claiming a mail: nothing went out.
    const first = startProcess(target, { SMTP_URL: smtp.url, PAUSE: 'before-send' })
    await first.line('paused before-send')
    first.child.kill('SIGKILL')
    await first.exited
    expect(smtp.received).toHaveLength(0)

    // The retry (at once on PGlite, once the run expired on PostgreSQL) sends, and is killed before it marks the
    // rooms mailed.
    const second = startProcess(target, { SMTP_URL: smtp.url, PAUSE: 'after-send' })
    await second.line('paused after-send')
    second.child.kill('SIGKILL')
    await second.exited
    expect(smtp.received.length).toBeGreaterThan(0)

    // The next retry finishes: what went out isn't sent again, what didn't is.
    const third = startProcess(target, { SMTP_URL: smtp.url })
    await third.line('"msg":"job saved-search-instant done"')
    third.child.kill('SIGTERM')
    await third.exited

    for (const email of emails)
      expect(mailsTo(smtp, email, titles), email).toEqual({ mails: 1, rooms: [1, 1, 1] })
    const database = await openDatabase(target)
    try {
      expect(
        await selectRows(database, `select count(*)::int as n from saved_search_hit where mailed_at is null`),
      ).toEqual([{ n: 0 }])
    } finally {
      await database.close()
    }
  } finally {
    await smtp.close()
  }
}, 120_000)
