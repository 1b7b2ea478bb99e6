import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { openTestDatabase, selectRows, testDatabaseKind } from '../test/database.ts'
import { testJob, testRunner } from './test-runner.ts'

// Two app processes on one PostgreSQL, as two runners on connections of their own. (The embedded database has
// one process; its runner is tested in job-runner.test.ts.)
describe.skipIf(testDatabaseKind === 'pglite')('two runners on one PostgreSQL', () => {
  let database: DatabaseHandle
  let other: DatabaseHandle
  beforeAll(async () => {
    database = await openTestDatabase()
    other = await database.separatePool(2)
  })
  afterAll(async () => {
    await other.close()
    await database.close()
  })

  /** Starts a runner on each pool with a job that records which runner ran which job. */
  async function twoRunners(settings: Parameters<typeof testJob>[2] = {}) {
    const runs: { runner: string; jobId: string }[] = []
    const runners = await Promise.all(
      [database, other].map(async (pool, index) =>
        testRunner(pool, [
          testJob(
            'counted',
            async (_data, { jobId }) => void runs.push({ runner: `runner ${index + 1}`, jobId }),
            settings,
          ),
        ]),
      ),
    )
    await Promise.all(runners.map((runner) => runner.start()))
    return { runs, stop: () => Promise.all(runners.map((runner) => runner.stop())), runners }
  }

  test('jobs sent by one of them run once each, shared between both', async () => {
    const { runs, stop, runners } = await twoRunners()
    try {
      const ids = new Set<string>()
      for (let i = 0; i < 30; i++) ids.add((await runners[0]!.send('counted', { n: i }))!)
      await expect.poll(() => runs.length, { timeout: 30_000 }).toBe(30)
      expect(new Set(runs.map((run) => run.jobId))).toEqual(ids)
    } finally {
      await stop()
    }
    expect(runs).toHaveLength(30)
  }, 60_000)

  test('a job scheduled every minute runs once a minute, not once per runner', async () => {
    // Both start with the schedule's current minute due. pg-boss checks schedules at start and every 30 s, in
    // one process at a time; a check made by the other test's runners may delay the first by up to 30 s.
    const { runs, stop } = await twoRunners({ every: '* * * * *' })
    try {
      await expect.poll(() => runs.length, { timeout: 75_000 }).toBeGreaterThan(0)
    } finally {
      await stop()
    }
    // Whatever the timing, each minute's schedule sent one job (pg-boss keys its sends by schedule and minute),
    // and each job ran once.
    const minutes = await selectRows<{ minute: string; jobs: number }>(
      database,
      `select singleton_on::text as minute, count(*)::int as jobs from pgboss.job
       where name = '__pgboss__send-it' and singleton_key = 'counted' group by 1`,
    )
    expect(minutes.length).toBeGreaterThan(0)
    for (const { jobs } of minutes) expect(jobs).toBe(1)
    expect(runs).toHaveLength(minutes.length)
    expect(new Set(runs.map((run) => run.jobId)).size).toBe(runs.length)
  }, 90_000)
})
