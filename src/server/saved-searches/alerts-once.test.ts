import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import type { Database } from '../db/client.ts'
import { useMailedApp } from '../test/accounts.ts'
import { createListing, signUp } from '../test/app.ts'
import { selectRows, testDatabaseKind } from '../test/database.ts'
import { verifiedUser } from '../routes/conversations/test-requests.ts'
import { ALERT_WINDOW_MS, claimBatches, recordHits, sendBatches } from './alerts.ts'
import { savedSearchOf, searchToken } from '../routes/saved-searches/test-requests.ts'

// Each alert once: two processes running the alert steps at the same time on one PostgreSQL, a run that died
// between naming a batch and sending it, and one that died after sending it.

const t = useMailedApp()
const config = { baseUrl: 'http://localhost:3000', authSecret: 'x'.repeat(40), currency: 'USD' }
/** A time past the burst window of every room matched so far. */
const windowEnded = () => new Date(Date.now() + ALERT_WINDOW_MS)

/** One run of the instant alert's steps, as one process does it. */
async function runAlerts(db: Database) {
  await recordHits(db, 3)
  await recordHits(db, 3)
  await claimBatches(db, 'instant', windowEnded())
  return sendBatches({ db, mailer: t.app.mailer, log: t.app.log }, config)
}

/** Every alert mail received so far, by recipient: how many mails, and which titles they listed. */
function alertsTo(email: string) {
  const mails = t.smtp.received.filter((mail) => mail.to === email && /new room/.test(mail.subject ?? ''))
  return { mails: mails.length, text: mails.map((mail) => mail.text).join('\n') }
}

describe(`each alert once on ${testDatabaseKind}`, () => {
  test.skipIf(testDatabaseKind === 'pglite')(
    'two processes on one PostgreSQL running the alert steps together mail each search once, each room once',
    async () => {
      const other = await t.database.separatePool(2)
      try {
        const token = searchToken('twice')
        const seekers = await Promise.all([1, 2, 3].map(() => verifiedUser(t)))
        for (const seeker of seekers) await savedSearchOf(t.app, seeker, `q=${token}`)
        const poster = await signUp(t.app)
        for (let i = 0; i < 7; i++) await createListing(t.app, poster, { title: `${token} room ${i}` })

        // Each step on three connections of two pools at once: the queued listings taken (each matched once),
        // the mails named, the mails sent. (Listings matched in two runs' windows may rightly make two mails; the
        // job runner never runs the job twice at a time, so the steps are raced here one by one.)
        const dbs = [t.database.db, other.db, t.database.db]
        await Promise.all(
          dbs.map(async (db) => {
            while ((await recordHits(db, 3)).events > 0);
          }),
        )
        await Promise.all(dbs.map((db) => claimBatches(db, 'instant', windowEnded())))
        await Promise.all(dbs.map((db) => sendBatches({ db, mailer: t.app.mailer, log: t.app.log }, config)))
        // Later runs on either find nothing more to send.
        await Promise.all([runAlerts(other.db), runAlerts(t.database.db)])
        for (const seeker of seekers) {
          const { mails, text } = alertsTo(seeker.email)
          expect(mails, seeker.email).toBe(1)
          for (let i = 0; i < 7; i++)
            expect(text.match(new RegExp(`${token} room ${i},`, 'g'))).toHaveLength(1)
        }
      } finally {
        await other.close()
      }
    },
    60_000,
  )

  test('a run that died after naming a batch leaves it to the next; one that died after sending it sends nothing more', async () => {
    const seeker = await verifiedUser(t)
    const token = `crash${Date.now()}`
    await savedSearchOf(t.app, seeker, `q=${token}`)
    await createListing(t.app, await signUp(t.app), { title: `${token} room` })
    // Died after naming: the batch is committed, nothing sent.
    await recordHits(t.database.db)
    await claimBatches(t.database.db, 'instant', windowEnded())
    expect(alertsTo(seeker.email).mails).toBe(0)
    // The retry sends it.
    expect(
      (await sendBatches({ db: t.database.db, mailer: t.app.mailer, log: t.app.log }, config)).sent,
    ).toBe(1)
    await t.smtp.next(seeker.email)
    expect(alertsTo(seeker.email).mails).toBe(1)
    // Died after sending, before marking its hits: the retry finds the mail's claim and sends nothing.
    await t.database.db.execute(sql`update saved_search_hit set mailed_at = null
      where search_id in (select id from saved_search where user_id = ${seeker.id})`)
    await sendBatches({ db: t.database.db, mailer: t.app.mailer, log: t.app.log }, config)
    await runAlerts(t.database.db)
    expect(alertsTo(seeker.email).mails).toBe(1)
    const left = await selectRows<{ n: number }>(
      t.database,
      sql`select count(*)::int as n from saved_search_hit h join saved_search s on s.id = h.search_id
        where s.user_id = ${seeker.id} and h.mailed_at is null`,
    )
    expect(left[0]!.n).toBe(0)
  })
})
