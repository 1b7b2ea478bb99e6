import { afterAll, expect, test } from 'vitest'
import { startCluster, type PgCluster } from './pg-cluster.ts'
import { formatReport, runSoak } from './soak.ts'

// SOAK_MINUTES (default 10) of steady mixed traffic at SOAK_RATE requests a second (default 20) on the embedded
// database, or on a PostgreSQL cluster of its own with SOAK_DATABASE=postgres.
const minutes = Number(process.env.SOAK_MINUTES ?? 10)
const rate = Number(process.env.SOAK_RATE ?? 20)
const onPostgres = process.env.SOAK_DATABASE === 'postgres'

let cluster: PgCluster | undefined
afterAll(() => cluster?.destroy())

test(`soak: ${minutes} min at ${rate}/s on ${onPostgres ? 'postgres' : 'pglite'}: no 5xx, memory flat`, async () => {
  cluster = onPostgres ? await startCluster() : undefined
  const report = await runSoak({ minutes, rate, databaseUrl: cluster?.url })
  console.log(formatReport(report))
  expect(report.firstErrors).toEqual([])
  expect(Object.keys(report.byStatus).filter((status) => !/^[234]\d\d$/.test(status))).toEqual([])
  // Flat: after warm-up (the middle sample) the heap grows by no more than a quarter, RSS by a fifth.
  const { middle, end } = report.memory
  expect(end!.heapUsed).toBeLessThan(middle!.heapUsed * 1.25)
  expect(end!.rss).toBeLessThan(middle!.rss * 1.2)
})
