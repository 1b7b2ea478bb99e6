import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import type { FastifyBaseLogger } from 'fastify'
import { call, listingBody, signUp, type Person } from '../../../reliability/client.ts'
import { startTwoServers, type ServerProcess } from '../../../reliability/server.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { createJobRunner } from '../jobs/job-runner.ts'
import { openTestDatabase, selectRows, testDatabaseKind } from '../test/database.ts'
import { startSmtpCapture, type SmtpCapture } from '../test/smtp-capture.ts'
import { savedSearchAlertJobs } from './alert-jobs.ts'
import { ALERT_WINDOW_MS } from './alerts.ts'
import { searchToken } from '../routes/saved-searches/test-requests.ts'

// Two real app processes on one PostgreSQL, both working the job runner: a room posted through one is matched at
// once, whichever process hears of it (decision 083), and each saved-search alert is mailed once: the rooms posted
// through either process reach each seeker in one mail, whichever process runs the alert job, however often it is
// asked to run. PGlite is one process, so this runs on PostgreSQL only.

const AUTH_SECRET = 'two-processes-secret-that-is-long-enough-0123'

describe.skipIf(testDatabaseKind !== 'postgres')('saved-search alerts across two app processes', () => {
  let database: DatabaseHandle & { url?: string }
  let smtp: SmtpCapture
  let servers: ServerProcess[] = []
  let apps: Awaited<ReturnType<typeof startTwoServers>> | undefined

  beforeAll(async () => {
    database = await openTestDatabase()
    smtp = await startSmtpCapture()
    apps = await startTwoServers({ url: database.url!, authSecret: AUTH_SECRET, smtpUrl: smtp.url })
    servers = apps.servers
  }, 120_000)

  afterAll(async () => {
    await apps?.stop()
    await smtp?.close()
    await database?.close()
  }, 60_000)

  /** The alert job's runs due or running in the database now (not one queued for a later window's end). */
  const pendingRuns = async () =>
    (
      await selectRows<{ n: number }>(
        database,
        `select count(*)::int as n from pgboss.job where name = 'saved-search-instant'
          and (state = 'active' or (state in ('created', 'retry') and start_after <= now()))`,
      )
    )[0]!.n

  /** The alert mails a seeker received (not the mail asking to confirm the address). */
  const alertsTo = (seeker: Person) =>
    smtp.received.filter((mail) => mail.to === seeker.email && /new rooms? for/.test(mail.subject ?? ''))

  test('each seeker gets one mail with every room posted through either process', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess]
    const token = searchToken('both')
    const seekers: [Person, ServerProcess][] = []
    for (const server of [one, two, one, two]) {
      const seeker = await signUp(server.baseUrl)
      await database.db.execute(sql`update "user" set email_verified = true where email = ${seeker.email}`)
      const saved = await call(server.baseUrl, seeker, 'POST', '/api/saved-searches', {
        name: 'Both',
        query: `q=${token}`,
        alert: 'instant',
      })
      expect(saved.status).toBe(201)
      seekers.push([seeker, server])
    }
    const poster = await signUp(one.baseUrl)
    const titles = [1, 2, 3, 4].map((i) => `${token} room ${i}`)
    for (const [i, title] of titles.entries()) {
      const posted = await call([one, two][i % 2]!.baseUrl, poster, 'POST', '/api/roommate-listings', {
        ...listingBody(),
        title,
        availability: 'Available',
      })
      expect(posted.status).toBe(201)
    }
    // The rooms are matched as they are posted; their window (a minute) is made to have passed, so that the runs
    // below mail them now.
    const theirs = `listing_id in (select id from listing where title like '${token}%')`
    await expect
      .poll(
        async () =>
          (await selectRows(database, `select count(*)::int as n from saved_search_hit where ${theirs}`))[0],
        { timeout: 10_000 },
      )
      .toEqual({ n: 16 })
    await database.execute(
      `update saved_search_hit set created_at = created_at - interval '1 minute' where ${theirs}`,
    )

    // Any process may queue a run; both processes' workers compete for each one (and each queues one a minute).
    const sender = createJobRunner({
      database,
      log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
      jobs: savedSearchAlertJobs(
        { deliver: () => Promise.reject(new Error('not here')) },
        {
          baseUrl: one.baseUrl,
          authSecret: AUTH_SECRET,
          currency: 'USD',
          alertWindowMs: ALERT_WINDOW_MS,
        },
      ),
    })
    await sender.init()
    await sender.send('saved-search-instant', {})
    const mailed = (seeker: Person) => alertsTo(seeker).length > 0
    await expect.poll(() => seekers.every(([seeker]) => mailed(seeker)), { timeout: 60_000 }).toBe(true)
    // More runs after every mail went: none of them may mail anyone again.
    for (let i = 0; i < 3; i++) {
      await sender.send('saved-search-instant', {})
      await expect.poll(pendingRuns, { timeout: 30_000 }).toBe(0)
    }

    for (const [seeker] of seekers) {
      const mails = alertsTo(seeker)
      expect(mails, seeker.email).toHaveLength(1)
      for (const title of titles) expect(mails[0]!.text).toContain(`${title},`)
    }
    const unmailed = await selectRows<{ n: number }>(
      database,
      `select count(*)::int as n from saved_search_hit where mailed_at is null`,
    )
    expect(unmailed).toEqual([{ n: 0 }])
    // Both processes work the queues: each says so.
    for (const server of servers)
      expect(server.output()).toContain('background jobs: working them in this process')
  }, 120_000)

  test("a room posted through one process counts in a saved search's newCount on the other within seconds", async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess]
    const token = searchToken('fresh')
    const seeker = await signUp(two.baseUrl)
    const saved = await call(two.baseUrl, seeker, 'POST', '/api/saved-searches', {
      name: 'Fresh',
      query: `q=${token}`,
      alert: 'off',
    })
    expect(saved.status).toBe(201)
    const newCount = async () =>
      ((await call(two.baseUrl, seeker, 'GET', '/api/saved-searches')).body as { newCount: number }[])[0]!
        .newCount
    const poster = await signUp(one.baseUrl)
    // One after another: the schedule's minute can't bring them all.
    for (const room of [1, 2, 3]) {
      const posted = await call(one.baseUrl, poster, 'POST', '/api/roommate-listings', {
        ...listingBody(),
        title: `${token} room ${room}`,
        availability: 'Available',
      })
      expect(posted.status).toBe(201)
      await expect.poll(newCount, { timeout: 10_000, interval: 100 }).toBe(room)
    }
  }, 60_000)
})
