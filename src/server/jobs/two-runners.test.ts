import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { DatabaseHandle } from '../db/client.ts'
import { openTestDatabase, testDatabaseKind } from '../test/database.ts'
import { testJob, testRunner } from './test-runner.ts'

// Two app processes on one PostgreSQL, as two runners on connections of their own. (The embedded database has
// one process; its runner is tested in job-runner.test.ts.) That a schedule sends once a minute however many
// processes check it waits for real minutes: reliability/cleanup-two-processes.test.ts holds it with two real app
// processes, in npm run test:reliability.
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
})
