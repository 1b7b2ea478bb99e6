import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.ts'
import { selectRows } from '../src/server/test/database.ts'
import { startSmtpCapture, type SmtpCapture } from '../src/server/test/smtp-capture.ts'
import { startCluster, type PgCluster } from './pg-cluster.ts'
import { startTwoServers, type ServerProcess } from './server.ts'

// Two real app processes on one PostgreSQL, both working the job runner, clean up the same expired sessions,
// verification tokens and rate-limit counters (decision 032's first job): every expired row is deleted once, by
// runs that never overlap, each run by one process, and live rows stay. Both processes send the cleanup at their
// start; then the schedule is made every minute (in pg-boss's table, which both processes read) to see each
// minute send one run, started within that minute, however many processes check the schedule. PostgreSQL only (PGlite is one process), on a
// cluster of its own, and here rather than in `npm test` for the two process starts and the minutes waited.

const AUTH_SECRET = 'cleanup-two-processes-secret-long-enough-01'
// Expired rows per table and round: a few batches (500) each, so a run takes several statements.
const ROWS = 1600
const OWNER = 'cleanup-owner'
const SWEPT = ['sessions', 'verification tokens', 'rate-limit counters'] as const

describe('the cleanup job across two app processes', () => {
  let cluster: PgCluster
  let database: DatabaseHandle
  let smtp: SmtpCapture
  let servers: ServerProcess[] = []
  let apps: Awaited<ReturnType<typeof startTwoServers>> | undefined

  const count = async (query: string) => (await selectRows<{ n: number }>(database, query))[0]!.n

  /** `ROWS` expired rows in each table, their ids starting `<round>-`; with `live`, also 10 rows not yet due. */
  async function seed(round: string, { live = false } = {}) {
    const rows = (prefix: string, n: number) =>
      `select '${prefix}-' || i as id from generate_series(1, ${n}) as i`
    const day = 24 * 60 * 60 * 1000
    await database.execute(
      `insert into session (id, expires_at, token, user_id)
       select id, now() - interval '1 minute', id, '${OWNER}' from (${rows(`${round}-expired`, ROWS)}) r`,
    )
    await database.execute(`insert into verification (id, identifier, value, expires_at)
      select id, 'reset-password:' || id, 'x', now() - interval '1 minute' from (${rows(`${round}-expired`, ROWS)}) r`)
    // A counter is kept a day after its last request (RATE_LIMIT_KEEP_MS).
    await database.execute(`insert into rate_limit (id, key, count, last_request)
      select id, 'api:' || id, 1, (extract(epoch from now()) * 1000)::bigint - ${day + 60_000}
      from (${rows(`${round}-expired`, ROWS)}) r`)
    if (!live) return
    await database.execute(`insert into session (id, expires_at, token, user_id)
      select id, now() + interval '7 days', id, '${OWNER}' from (${rows('live', 10)}) r`)
    await database.execute(`insert into verification (id, identifier, value, expires_at)
      select id, 'reset-password:' || id, 'x', now() + interval '1 hour' from (${rows('live', 10)}) r`)
    await database.execute(`insert into rate_limit (id, key, count, last_request)
      select id, 'api:' || id, 1, (extract(epoch from now()) * 1000)::bigint - ${day - 60 * 60_000}
      from (${rows('live', 10)}) r`)
  }

  const left = (prefix: string) =>
    count(`select ((select count(*) from session where id like '${prefix}-%')
      + (select count(*) from verification where id like '${prefix}-%')
      + (select count(*) from rate_limit where id like '${prefix}-%'))::int as n`)

  const unfinished = () =>
    count(`select count(*)::int as n from pgboss.job
      where name in ('cleanup', '__pgboss__send-it') and state in ('created', 'retry', 'active')`)

  /** Every cleanup run recorded in the queue since `since`, in the order they started. */
  const cleanupJobs = (since = '-infinity') =>
    selectRows<{ id: string; state: string; retries: number; started: string; completed: string }>(
      database,
      `select id, state, retry_count as retries, started_on::text as started, completed_on::text as completed
       from pgboss.job where name = 'cleanup' and created_on >= '${since}' order by started_on`,
    )

  /** Rows each process's runs said they deleted, summed over both, per table. */
  function deletedInLogs() {
    const totals = Object.fromEntries(SWEPT.map((name) => [name, 0]))
    for (const server of servers)
      for (const [, n, name] of server.output().matchAll(/cleanup: deleted (\d+) ([a-z -]+)"/g))
        totals[name!] = (totals[name!] ?? 0) + Number(n)
    return totals
  }

  /** How many of the two processes wrote that they started the run `jobId` (each attempt writes one line). */
  const startedBy = (jobId: string) =>
    servers.map(
      (server) =>
        server.output().split(`"jobId":"${jobId}","attempt":1,"msg":"job cleanup started"`).length - 1,
    )

  /** What holds after every round: the runs finished once each, one process each, one after another. */
  async function expectRunsOnceEach(since?: string) {
    const jobs = await cleanupJobs(since)
    expect(jobs.length).toBeGreaterThan(0)
    for (const job of jobs) {
      expect(job, 'a run finished at its first attempt').toMatchObject({ state: 'completed', retries: 0 })
      expect(startedBy(job.id).toSorted(), `run ${job.id} started by one process, once`).toEqual([0, 1])
    }
    // One at a time (the queue's `stately` policy): each run began after the one before it had finished.
    for (const [before, after] of jobs.slice(0, -1).map((job, i) => [job, jobs[i + 1]!] as const))
      expect(Date.parse(after.started)).toBeGreaterThanOrEqual(Date.parse(before.completed))
    return jobs
  }

  beforeAll(async () => {
    cluster = await startCluster()
    // Migrated before the two processes start, so they don't both migrate an empty database at once.
    database = await openDatabase({ kind: 'postgres', url: cluster.url })
    await database.execute(
      `insert into "user" (id, name, email) values ('${OWNER}', 'Owner', 'owner@example.com')`,
    )
    await seed('start', { live: true })
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

  test('at the start of both: every expired row deleted once, live rows kept', async () => {
    await expect.poll(() => left('start'), { timeout: 60_000, interval: 250 }).toBe(0)
    await expect.poll(unfinished, { timeout: 30_000, interval: 250 }).toBe(0)
    // Said once the runner has started, which may be after its first run has finished.
    for (const server of servers)
      await expect
        .poll(() => server.output(), { timeout: 10_000 })
        .toContain('background jobs: working them in this process')
    expect(deletedInLogs()).toEqual(Object.fromEntries(SWEPT.map((name) => [name, ROWS])))
    // Each process sent one at its start; a second send while one waited is dropped (one waits, one runs).
    expect((await expectRunsOnceEach()).length).toBeLessThanOrEqual(2)
    expect(await left('live')).toBe(30)
  }, 120_000)

  test('each minute of the schedule sends one run, whichever process checks it', async () => {
    const since = (await selectRows<{ since: string }>(database, 'select now()::text as since'))[0]!.since
    await seed('tick')
    // Every 10 minutes in the code; every minute here, so the test sees the schedule within two.
    await database.execute(`update pgboss.schedule set cron = '* * * * *' where name = 'cleanup'`)
    const minutes = () =>
      selectRows<{ minute: string; sends: number }>(
        database,
        `select singleton_on::text as minute, count(*)::int as sends from pgboss.job
         where name = '__pgboss__send-it' and singleton_key = 'cleanup' and created_on >= '${since}'
         group by 1 order by 1`,
      )
    // Two minutes, so both processes have checked the schedule (each check is one process's, every 30 s); then
    // a schedule that sends nothing more while the runs are counted.
    await expect
      .poll(async () => (await minutes()).length, { timeout: 150_000, interval: 1000 })
      .toBeGreaterThanOrEqual(2)
    await database.execute(`update pgboss.schedule set cron = '0 0 1 1 *' where name = 'cleanup'`)
    await expect.poll(unfinished, { timeout: 30_000, interval: 250 }).toBe(0)
    const sent = await minutes()
    expect(sent.map(({ sends }) => sends)).toEqual(sent.map(() => 1))
    expect(await left('tick')).toBe(0)
    // Each minute's send is one run (none waited behind another to be dropped: a run takes well under a minute).
    expect(await expectRunsOnceEach(since)).toHaveLength(sent.length)
    // Each began within its minute, though idle queues poll every 20 s (decision 083): what the every-minute
    // unread-message mail needs to go between 15 and 16 minutes after a message.
    // (A run is inserted by the schedule's send within its minute, 30 s and 5 s ticks of pg-boss's.)
    const late = await count(`select count(*)::int as n from pgboss.job where name = 'cleanup'
      and created_on >= '${since}' and started_on >= date_trunc('minute', created_on) + interval '1 minute'`)
    expect(late).toBe(0)
    expect(deletedInLogs()).toEqual(Object.fromEntries(SWEPT.map((name) => [name, 2 * ROWS])))
    expect(await left('live')).toBe(30)
  }, 240_000)
})
