import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import type { FastifyBaseLogger } from 'fastify'
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.ts'
import { createJobRunner } from '../src/server/jobs/job-runner.ts'
import { freshnessJob } from '../src/server/listings/freshness-job.ts'
import { selectRows } from '../src/server/test/database.ts'
import { startSmtpCapture, type SmtpCapture } from '../src/server/test/smtp-capture.ts'
import { call, listingBody, signUp, type Person } from './client.ts'
import { startCluster, type PgCluster } from './pg-cluster.ts'
import { startTwoServers, type ServerProcess } from './server.ts'

// Two real app processes on one PostgreSQL, both working the job runner, run the freshness job over the same stale
// listings: each owner is asked once per listing (real SMTP), and 7 days on each listing turns Not Available once.
// A real process keeps the system's clock, so the listings' times are moved back instead: the job decides from
// the rows and now alone (decision 047), so a listing confirmed 31 days ago now is the same as now 31 days on.
// PGlite is one process, so this runs on PostgreSQL only, on a cluster of its own. It is here rather than in
// `npm test` for the two process starts (about 40 s of its minute on a loaded 2-core machine).

const AUTH_SECRET = 'freshness-two-processes-secret-long-enough-01'

describe('listing freshness across two app processes', () => {
  let cluster: PgCluster
  let database: DatabaseHandle
  let smtp: SmtpCapture
  let servers: ServerProcess[] = []
  let apps: Awaited<ReturnType<typeof startTwoServers>> | undefined

  beforeAll(async () => {
    cluster = await startCluster()
    // Migrated before the two processes start, so they don't both migrate an empty database at once.
    database = await openDatabase({ kind: 'postgres', url: cluster.url })
    smtp = await startSmtpCapture()
    apps = await startTwoServers({ url: cluster.url, authSecret: AUTH_SECRET, smtpUrl: smtp.url })
    servers = apps.servers
  }, 120_000)

  afterAll(async () => {
    await apps?.stop()
    await smtp?.close()
    await database?.close()
    cluster?.destroy()
  }, 60_000)

  /** Queues runs from a third party (as either process's timer would) until `done`, then until none is pending. */
  async function runUntil(done: () => Promise<boolean> | boolean) {
    const sender = createJobRunner({
      database,
      log: pino({ level: 'silent' }) as unknown as FastifyBaseLogger,
      jobs: [freshnessJob({ deliver: () => Promise.reject(new Error('not here')) }, { baseUrl: '' })],
    })
    await sender.init()
    await expect
      .poll(
        async () => {
          if (await done()) return true
          await sender.send('listing-freshness', {})
          return false
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe(true)
    // Two more runs after the work was done, then nothing left waiting or running: they must have done nothing.
    for (let i = 0; i < 2; i++) {
      await sender.send('listing-freshness', {})
      await expect.poll(pendingRuns, { timeout: 30_000 }).toBe(0)
    }
  }

  const pendingRuns = async () =>
    (
      await selectRows<{ n: number }>(
        database,
        `select count(*)::int as n from pgboss.job
          where name = 'listing-freshness' and state in ('created', 'retry', 'active')`,
      )
    )[0]!.n

  /** What both processes' freshness runs said they did, summed: `asked` owners and `retired` listings. */
  function logged() {
    let asked = 0
    let retired = 0
    for (const server of servers)
      for (const [, mailed, gone] of server
        .output()
        .matchAll(/freshness: asked (\d+) owners, retired (\d+)/g)) {
        asked += Number(mailed)
        retired += Number(gone)
      }
    return { asked, retired }
  }

  const freshnessMails = (owner: Person) =>
    smtp.received.filter((mail) => mail.to === owner.email && /still available\?$/.test(mail.subject ?? ''))

  test('each stale listing is asked about once, and turns Not Available once 7 days on', async () => {
    const [one, two] = servers as [ServerProcess, ServerProcess]
    const token = `fresh${Date.now()}`
    const listings: { owner: Person; id: string; title: string }[] = []
    for (const [i, server] of [one, two, one].entries()) {
      const owner = await signUp(server.baseUrl)
      // Verified, so the mail names the listing (an unverified address is told of "your listing": decision 067).
      await database.db.execute(sql`update "user" set email_verified = true where email = ${owner.email}`)
      for (const n of [1, 2]) {
        const title = `${token} room ${i}.${n}`
        const posted = await call([one, two][n - 1]!.baseUrl, owner, 'POST', '/api/roommate-listings', {
          ...listingBody({ availability: 'Available' }),
          title,
        })
        expect(posted.status).toBe(201)
        listings.push({ owner, id: (posted.body as { insertedId: string }).insertedId, title })
      }
    }
    const ids = sql.join(
      listings.map(({ id }) => sql`${id}::uuid`),
      sql`, `,
    )
    await database.db.execute(
      sql`update listing set confirmed_at = now() - interval '31 days' where id in (${ids})`,
    )

    // Both processes work the queue; every listing's owner gets its mail, whichever process ran it.
    await runUntil(() => listings.every(({ owner }) => freshnessMails(owner).length >= 2))
    for (const { owner, title } of listings)
      expect(
        freshnessMails(owner).filter((mail) => mail.subject === `Is “${title}” still available?`),
        title,
      ).toHaveLength(1)
    expect(logged()).toEqual({ asked: 6, retired: 0 })

    // 7 days after the mails, unconfirmed: each turns Not Available, by one run of one process.
    await database.db.execute(
      sql`update listing set freshness_mailed_at = freshness_mailed_at - interval '7 days',
          confirmed_at = confirmed_at - interval '7 days'
        where id in (${ids})`,
    )
    const availability = () =>
      selectRows<{ a: string; n: number }>(
        database,
        sql`select availability as a, count(*)::int as n from listing
          where title like ${`${token} %`} group by availability`,
      )
    await runUntil(async () => (await availability()).every((row) => row.a === 'Not Available'))
    expect(await availability()).toEqual([{ a: 'Not Available', n: 6 }])
    expect(logged()).toEqual({ asked: 6, retired: 6 })
    expect(listings.map(({ owner }) => freshnessMails(owner).length)).toEqual([2, 2, 2, 2, 2, 2])
    for (const server of servers)
      expect(server.output()).toContain('background jobs: working them in this process')
  }, 120_000)
})
