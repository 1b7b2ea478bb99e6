import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { ROOM_TYPES } from '../src/shared/listing-values.ts'
import type { EnvVariables } from '../src/server/env.ts'
import { call, listingBody, signUp, type Answer, type Person } from './client.ts'
import { startServer } from './server.ts'

// Steady mixed traffic against a real server process: browse, details, like, create, update, delete.
// Open loop (a fixed rate, whatever the latency), so a slow server shows up as latency, not as less load.

export type SoakOptions = { minutes: number; rate: number; databaseUrl?: string }
type Memory = { at: number; rss: number; heapUsed: number; heapTotal: number; external: number }
type Op = 'browse' | 'featured' | 'stats' | 'details' | 'like' | 'create' | 'update' | 'delete'

const WEIGHTS: [Op, number][] = [
  ['browse', 30],
  ['featured', 5],
  ['stats', 5],
  ['details', 20],
  ['like', 14],
  ['create', 11],
  ['update', 8],
  ['delete', 7],
]
const MAX_IN_FLIGHT = 64

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!
function pickOp(): Op {
  let roll = Math.random() * WEIGHTS.reduce((sum, [, w]) => sum + w, 0)
  for (const [op, weight] of WEIGHTS) if ((roll -= weight) < 0) return op
  return 'browse'
}
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0

export async function runSoak(options: SoakOptions) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'nestmate-soak-'))
  const probe = path.join(path.dirname(fileURLToPath(import.meta.url)), 'memory-probe.ts')
  const env: EnvVariables = { DATA_DIR: dataDir, RATE_LIMITS: 'off' }
  if (options.databaseUrl) {
    env.DATABASE_URL = options.databaseUrl
    env.AUTH_SECRET = 'nestmate-soak-secret-that-is-long-enough-0123'
  }
  const server = await startServer(env, { preload: probe })
  const { baseUrl } = server
  try {
    const people: Person[] = []
    for (let i = 0; i < 12; i++) people.push(await signUp(baseUrl))
    const owned = new Map<Person, string[]>(people.map((person) => [person, []]))
    const allIds = () => [...owned.values()].flat()
    for (const person of people)
      for (let i = 0; i < 3; i++) {
        const created = await call(baseUrl, person, 'POST', '/api/roommate-listings', listingBody())
        owned.get(person)!.push((created.body as { insertedId: string }).insertedId)
      }

    const statuses = new Map<string, number>()
    const latencies: number[] = []
    const errors: string[] = []
    let inFlight = 0
    let skipped = 0
    let sent = 0

    async function one(op: Op, person: Person): Promise<Answer> {
      const mine = owned.get(person)!
      switch (op) {
        case 'browse': {
          const query = new URLSearchParams({ sort: pick(['rent_asc', 'rent_desc', 'newest']), limit: '24' })
          if (Math.random() < 0.3) query.set('roomType', pick([...ROOM_TYPES]))
          if (Math.random() < 0.2) query.set('q', pick(['Portland', 'room', 'Leeds']))
          return call(baseUrl, null, 'GET', `/api/roommate-listings?${query}`)
        }
        case 'featured':
          return call(baseUrl, null, 'GET', '/api/featured-roommates')
        case 'stats':
          return call(baseUrl, person, 'GET', '/api/stats')
        case 'details':
          return call(baseUrl, person, 'GET', `/api/roommate-listings/${pick(allIds())}`)
        case 'like':
          return call(baseUrl, person, 'PATCH', `/api/listings/${pick(allIds())}/like`, {})
        case 'create': {
          const answer = await call(baseUrl, person, 'POST', '/api/roommate-listings', listingBody())
          if (answer.status === 201) mine.push((answer.body as { insertedId: string }).insertedId)
          return answer
        }
        case 'update':
          return call(baseUrl, person, 'PUT', `/api/roommate-listings/${pick(mine)}`, listingBody())
        case 'delete': {
          const id = mine.splice(Math.floor(Math.random() * mine.length), 1)[0]!
          return call(baseUrl, person, 'DELETE', `/api/roommate-listings/${id}`)
        }
      }
    }

    const started = Date.now()
    const end = started + options.minutes * 60_000
    const pending = new Set<Promise<void>>()
    const interval = 1000 / options.rate
    for (let next = Date.now(); next < end; next += interval) {
      const wait = next - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      if (inFlight >= MAX_IN_FLIGHT) {
        skipped += 1
        continue
      }
      const person = pick(people)
      const mineCount = owned.get(person)!.length
      // Each person keeps a few listings, so updates and deletes always have something of their own.
      const picked = pickOp()
      const op = (picked === 'update' || picked === 'delete') && mineCount <= 2 ? 'create' : picked
      inFlight += 1
      sent += 1
      const task = one(op, person)
        .then((answer) => {
          const key = `${op} ${answer.status}`
          statuses.set(key, (statuses.get(key) ?? 0) + 1)
          latencies.push(answer.ms)
          if (answer.status >= 500) errors.push(`${key} ${JSON.stringify(answer.body)}`)
        })
        .catch((error: Error) => {
          const key = `${op} ${error.name}`
          statuses.set(key, (statuses.get(key) ?? 0) + 1)
          errors.push(`${key} ${error.message}`)
        })
        .finally(() => {
          inFlight -= 1
          pending.delete(task)
        })
      pending.add(task)
    }
    await Promise.all(pending)
    const seconds = (Date.now() - started) / 1000

    const memory = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{"memoryProbe"'))
      .map((line) => (JSON.parse(line) as { memoryProbe: Memory }).memoryProbe)
      .filter((sample) => sample.at >= started)
    const at = (fraction: number) => memory[Math.min(memory.length - 1, Math.floor(fraction * memory.length))]
    const sorted = [...latencies].sort((a, b) => a - b)
    const byStatus = new Map<string, number>()
    for (const [key, count] of statuses) {
      const status = key.split(' ')[1]!
      byStatus.set(status, (byStatus.get(status) ?? 0) + count)
    }
    return {
      database: options.databaseUrl ? 'postgres' : 'pglite',
      minutes: options.minutes,
      targetRate: options.rate,
      requests: sent,
      skipped,
      seconds,
      rate: sent / seconds,
      statuses: Object.fromEntries([...statuses].sort()),
      byStatus: Object.fromEntries([...byStatus].sort()),
      serverErrors: errors.length,
      firstErrors: errors.slice(0, 10),
      latencyMs: {
        p50: percentile(sorted, 50),
        p90: percentile(sorted, 90),
        p99: percentile(sorted, 99),
        max: sorted.at(-1) ?? 0,
      },
      memory: { start: at(0), middle: at(0.5), end: at(1) },
      listingsAtEnd: allIds().length,
    }
  } finally {
    server.child.kill('SIGTERM')
    await server.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export type SoakReport = Awaited<ReturnType<typeof runSoak>>

const mb = (bytes = 0) => `${(bytes / 1024 / 1024).toFixed(1)} MB`

export function formatReport(report: SoakReport): string {
  const { start, middle, end } = report.memory
  return [
    `soak on ${report.database}: ${report.requests} requests in ${report.seconds.toFixed(0)} s ` +
      `(${report.rate.toFixed(1)}/s, target ${report.targetRate}/s, ${report.skipped} skipped)`,
    `status: ${JSON.stringify(report.byStatus)}`,
    `by call: ${JSON.stringify(report.statuses)}`,
    `latency ms: p50 ${report.latencyMs.p50.toFixed(1)}, p90 ${report.latencyMs.p90.toFixed(1)}, ` +
      `p99 ${report.latencyMs.p99.toFixed(1)}, max ${report.latencyMs.max.toFixed(1)}`,
    `rss: ${mb(start?.rss)} → ${mb(middle?.rss)} → ${mb(end?.rss)}`,
    `heapUsed: ${mb(start?.heapUsed)} → ${mb(middle?.heapUsed)} → ${mb(end?.heapUsed)}`,
    `5xx or network errors: ${report.serverErrors} ${report.firstErrors.join(' | ')}`,
  ].join('\n')
}

// `node --import tsx reliability/soak.ts [minutes] [rate]`; DATABASE_URL runs it on PostgreSQL.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const report = await runSoak({
    minutes: Number(process.argv[2] ?? process.env.SOAK_MINUTES ?? 10),
    rate: Number(process.argv[3] ?? process.env.SOAK_RATE ?? 20),
    databaseUrl: process.env.DATABASE_URL,
  })
  console.log(formatReport(report))
  console.log(JSON.stringify(report))
  process.exitCode = report.serverErrors === 0 ? 0 : 1
}
