import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { sampleListing } from '#shared/sample-listing.ts'
import { buildApp } from '../src/server/app.ts'
import { openDatabase, type DatabaseTarget } from '../src/server/db/client.ts'
import { startAs } from '../src/server/routes/conversations/test-requests.ts'
import {
  bookAs,
  everyDay,
  putTimesAs,
  sampleTimes,
  slotFrom,
} from '../src/server/routes/viewings/test-requests.ts'
import { createListing, injectAs, signUpVerified, TEST_ENV, testConfig } from '../src/server/test/app.ts'
import { dataDirFromTemplate, selectRows } from '../src/server/test/database.ts'
import { startScriptProcess } from '../src/server/test/processes.ts'
import { startSmtpCapture, type SmtpCapture } from '../src/server/test/smtp-capture.ts'
import { startCluster } from './pg-cluster.ts'

// The room-taken notices (decision 086) and the viewings' calendar mails (decision 094) under kill -9, on both
// databases: a process working their jobs is killed before its first mail, the next is killed once a mail went
// out, a third finishes. Each person gets each mail exactly once: nothing lost, nothing twice. (The PAUSE points
// are in src/server/test/pausable-job-process.ts.)

const dataDir = mkdtempSync(path.join(tmpdir(), 'nestmate-mail-jobs-kill-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

type SharedTarget = Extract<DatabaseTarget, { kind: 'postgres' | 'pglite' }>

/**
 * A poster with two listings and three seekers who wrote about both: each seeker books a viewing of the first
 * (a calendar mail to them and one to the poster), and the second is then turned Not Available (a room-taken mail
 * to each seeker). Nine mails are due; no job has run.
 */
async function seeded(target: SharedTarget) {
  const database = await openDatabase(target)
  const app = await buildApp(testConfig({ DATA_DIR: dataDir }), database)
  await app.ready()
  const test = { app, database }
  try {
    const poster = await signUpVerified(test)
    const viewed = await createListing(app, poster, { title: 'Room with viewings' })
    const taken = await createListing(app, poster, { title: 'Room soon taken' })
    expect((await putTimesAs(app, poster, viewed, sampleTimes({ rules: everyDay(3) }))).statusCode).toBe(200)
    const seekers = [await signUpVerified(test), await signUpVerified(test), await signUpVerified(test)]
    const { start } = await slotFrom(app, poster, viewed, 3)
    for (const seeker of seekers) {
      expect((await startAs(app, seeker, viewed)).statusCode).toBe(201)
      expect((await startAs(app, seeker, taken)).statusCode).toBe(201)
      const booked = await bookAs(app, seeker, viewed, start)
      expect(booked.statusCode, booked.body).toBe(201)
    }
    const turned = await injectAs(app, poster, {
      method: 'PUT',
      url: `/api/roommate-listings/${taken}`,
      payload: sampleListing({ title: 'Room soon taken', availability: 'Not Available' }),
    })
    expect(turned.statusCode).toBe(200)
    return {
      due: [
        ...seekers.map((seeker) => ({ to: seeker.email, subject: /^Viewing booked: / })),
        ...seekers.map(() => ({ to: poster.email, subject: /^Viewing booked: / })),
        ...seekers.map((seeker) => ({
          to: seeker.email,
          subject: /“Room soon taken” is no longer available/,
        })),
      ],
    }
  } finally {
    await app.close()
    await database.close()
  }
}

function startProcess(target: SharedTarget, env: Record<string, string>) {
  return startScriptProcess('reliability/mail-jobs-process.ts', {
    AUTH_SECRET: TEST_ENV.AUTH_SECRET,
    ...(target.kind === 'postgres' ? { DATABASE_URL: target.url } : { DATA_DIR: target.dataDir }),
    ...env,
  })
}

/** How many mails of `subject` `to` got. */
const count = (smtp: SmtpCapture, to: string, subject: RegExp) =>
  smtp.received.filter((mail) => mail.to === to && subject.test(mail.subject ?? '')).length

describe.each(['pglite', 'postgres'] as const)('on %s', (kind) => {
  test('two kills -9 of the mail jobs, before a mail and after one: every mail goes exactly once', async () => {
    const cluster = kind === 'postgres' ? await startCluster() : undefined
    const smtp = await startSmtpCapture()
    try {
      const target: SharedTarget = cluster
        ? { kind: 'postgres', url: cluster.url }
        : { kind: 'pglite', dataDir: dataDirFromTemplate(dataDir) }
      const { due } = await seeded(target)
      const expected = due.map(({ to, subject }) => ({
        to,
        subject: subject.source,
        n: due.filter((other) => other.to === to && other.subject.source === subject.source).length,
      }))

      const first = startProcess(target, { SMTP_URL: smtp.url, PAUSE: 'before-send' })
      await first.line('paused before-send')
      first.child.kill('SIGKILL')
      await first.exited
      expect(smtp.received).toHaveLength(0)

      // The retry (at once on PGlite, once the run expired on PostgreSQL) sends, and is killed after a mail.
      const second = startProcess(target, { SMTP_URL: smtp.url, PAUSE: 'after-send' })
      await second.line('paused after-send')
      second.child.kill('SIGKILL')
      await second.exited
      const afterSecond = smtp.received.length
      expect(afterSecond).toBeGreaterThan(0)
      expect(afterSecond).toBeLessThan(due.length)

      const third = startProcess(target, { SMTP_URL: smtp.url })
      await expect.poll(() => smtp.received.length, { timeout: 60_000, interval: 200 }).toBe(due.length)
      // Every job is done: a further run (the schedule's) would find nothing more to send.
      await third.line('"msg":"job viewing-mail done"')
      await third.line('"msg":"job room-taken done"')
      third.child.kill('SIGTERM')
      await third.exited
      expect(
        expected.map(({ to, subject }) => ({ to, subject, n: count(smtp, to, new RegExp(subject)) })),
      ).toEqual(expected)
      expect(smtp.received).toHaveLength(due.length)

      const database = await openDatabase(target)
      try {
        // Every notice was mailed and let go.
        expect(await selectRows(database, `select count(*)::int as n from room_taken_notice`)).toEqual([
          { n: 0 },
        ])
      } finally {
        await database.close()
      }
    } finally {
      await smtp.close()
      cluster?.destroy()
    }
  }, 300_000)
})
