import {
  appendFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { benchConfig } from './config.ts'
import { endpoints, type Endpoint } from './endpoints.ts'
import { lighthouse, type PageScore } from './lighthouse.ts'
import { STEADY_RATE } from './load.ts'
import { captureAnswers, measure, type Measurement } from './measure.ts'
import { startNestmate, startReference } from './processes.ts'
import { writeReport } from './report.ts'
import { createPostgresDatabase } from '../src/server/test/database.ts'
import { seed, type SeedInfo, type Target } from './seed.ts'
import { postOwnListings, signUp } from './sessions.ts'

// npm run bench [-- --quick]: see docs/benchmarks.md. Run through scripts/with-postgres.sh for PostgreSQL.
const config = benchConfig(process.argv.slice(2), process.env)
const tmp = mkdtempSync(path.join(os.tmpdir(), 'nestmate-bench-'))
const logFile = path.join(tmp, 'servers.log')
const seconds = { duration: config.duration, warmup: config.warmup }
const loadAverage = () => os.loadavg().map((n) => Number(n.toFixed(2)))

/** Linux's CPU time counters (user nice system idle iowait irq softirq steal …), or null elsewhere. */
function cpuTimes(): number[] | null {
  if (!existsSync('/proc/stat')) return null
  return readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number)
}

/** The share of CPU time the hypervisor gave to other machines (steal) over the run, in percent. */
function stealPercent(before: number[] | null, after: number[] | null): number | null {
  if (!before || !after) return null
  const delta = after.map((value, i) => value - (before[i] ?? 0))
  const total = delta.slice(0, 8).reduce((sum, value) => sum + value, 0)
  return total > 0 ? Math.round((1000 * (delta[7] ?? 0)) / total) / 10 : null
}

function selected(seedInfo: SeedInfo): Endpoint[] {
  const all = endpoints(seedInfo)
  return config.endpoints ? all.filter((e) => config.endpoints!.some((name) => e.name.includes(name))) : all
}

async function benchOne(database: 'pglite' | 'postgres', size: number, isLast: boolean) {
  const results: Measurement[] = []
  let pages: PageScore[] = []
  const target: Target =
    database === 'postgres'
      ? {
          kind: 'postgres',
          url: await createPostgresDatabase(config.postgresUrl!, `nestmate_bench_${size}_${process.pid}`),
        }
      : { kind: 'pglite', dataDir: mkdtempSync(path.join(tmp, `pglite-${size}-`)) }
  const started = Date.now()
  const seedInfo = await seed(target, size)
  console.log(`\n${database}, ${size} listings: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  const where = target.kind === 'postgres' ? { url: target.url } : { dataDir: target.dataDir }
  const run = (server: Measurement['server'], cookies: string[]) => ({
    database,
    size,
    server,
    cookies,
    log: (line: string) => appendFileSync(logFile, `${line}\n`),
  })

  // Reads first, on the same data; writes last, since they add rows. The three servers run side by side (each is
  // idle while another is measured) and are measured in turn per endpoint, so a slow spell of the shared machine
  // (CPU steal varies over minutes) falls on all three figures of an endpoint rather than on one server's.
  const nestmate = await startNestmate(where, config.port, logFile, config.logLevel)
  const cookies = await signUp(nestmate.url, config.sessions)
  // Each signed-in person's own listing, for their fitting seekers (added before anything is measured).
  seedInfo.ownListingIds = await postOwnListings(nestmate.url, cookies, seedInfo.nearPlace)
  const list = selected(seedInfo)
  const reads = list.filter((e) => e.read)
  const writes = list.filter((e) => !e.read)
  const refs = config.references && target.kind === 'postgres'
  const references = refs
    ? await startReferences(target.url, await captureAnswers(nestmate.url, reads, cookies))
    : null
  for (const endpoint of reads) {
    results.push(...(await measure(nestmate.url, [endpoint], run('nestmate', cookies), seconds)))
    if (!references) continue
    results.push(...(await measure(references.sql.url, [endpoint], run('reference', cookies), seconds)))
    results.push(
      ...(await measure(references.ceiling.url, [endpoint], run('ceiling', cookies), seconds, true)),
    )
  }
  await references?.sql.stop()
  await references?.ceiling.stop()
  // Lighthouse measures Nestmate alone.
  if (isLast && config.lighthouse) pages = await lighthousePages(nestmate.url, seedInfo, cookies[0]!)
  results.push(...(await measure(nestmate.url, writes, run('nestmate', cookies), seconds)))
  await nestmate.stop()
  if (refs && writes.length > 0) {
    const reference = await startReference('sql', config.port + 1, logFile, { databaseUrl: target.url })
    results.push(...(await measure(reference.url, writes, run('reference', cookies), seconds)))
    await reference.stop()
  }
  return { results, pages }
}

/** Reference 1 (the same SQL through raw pg) and the ceiling (Nestmate's answers, replayed from memory). */
async function startReferences(databaseUrl: string, answers: Record<string, string>) {
  const ceilingFile = path.join(tmp, 'ceiling.json')
  writeFileSync(ceilingFile, JSON.stringify(answers))
  return {
    sql: await startReference('sql', config.port + 1, logFile, { databaseUrl }),
    ceiling: await startReference('ceiling', config.port + 2, logFile, { ceilingFile }),
  }
}

async function lighthousePages(baseUrl: string, seedInfo: SeedInfo, cookie: string) {
  const pages: PageScore[] = []
  for (const [page, signedIn] of [
    ['/', false],
    ['/browse-listing', false],
    [`/browse-listing-details/${seedInfo.listingIds[0]}`, true],
  ] as const) {
    const runs: PageScore[] = []
    for (let i = 0; i < config.lighthouseRuns; i++)
      runs.push(await lighthouse(baseUrl, page, signedIn ? cookie : undefined))
    runs.sort((a, b) => a.performance - b.performance)
    const score = { ...runs[Math.floor(runs.length / 2)]!, runs: runs.map((run) => run.performance) }
    console.log(
      `lighthouse ${page}: ${score.performance} (runs ${score.runs.join(', ')}), FCP ${score.fcpMs} ms, LCP ${score.lcpMs} ms, TBT ${score.tbtMs} ms, CLS ${score.cls}`,
    )
    pages.push(score)
  }
  return pages
}

async function main() {
  const startedAt = new Date().toISOString()
  const loadBefore = loadAverage()
  const cpuBefore = cpuTimes()
  console.log(
    `benchmark: ${config.databases.join(', ')} × ${config.sizes.join(', ')} listings, ${config.duration} s per measurement; load ${loadBefore.join(' ')}`,
  )
  const results: Measurement[] = []
  let pages: PageScore[] = []
  for (const database of config.databases) {
    for (const size of config.sizes) {
      const isLast = database === config.databases.at(-1) && size === config.sizes.at(-1)
      const one = await benchOne(database, size, isLast)
      results.push(...one.results)
      if (one.pages.length > 0) pages = one.pages
    }
  }
  const report = {
    label: config.label,
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: {
      ...config.machine,
      loadBefore,
      loadAfter: loadAverage(),
      stealPercent: stealPercent(cpuBefore, cpuTimes()),
    },
    settings: {
      sizes: config.sizes,
      duration: config.duration,
      warmup: config.warmup,
      logLevel: config.logLevel,
      connections: 50,
      steadyRate: STEADY_RATE,
      lighthouseRuns: config.lighthouseRuns,
    },
    results,
    lighthouse: pages,
  }
  mkdirSync(config.outDir, { recursive: true })
  writeReport(config.outDir, report)
  rmSync(tmp, { recursive: true, force: true })
}

main().catch((error: unknown) => {
  console.error(error)
  console.error(`server logs: ${logFile}`)
  process.exit(1)
})
