import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { createPostgresDatabase } from '../src/server/test/database.ts'
import { endpoints, type Endpoint } from './endpoints.ts'
import { writeLiveReport, type LiveReport, type LiveRow } from './live-report.ts'
import {
  describeInbox,
  inboxEndpoints,
  INBOX_PERSON,
  liveSeedStatements,
  liveToken,
  sessionCookie,
} from './live-seed.ts'
import { maxThroughput, steadyLatency } from './load.ts'
import { BENCH_AUTH_SECRET, startNestmate, startReference, type Server } from './processes.ts'
import { seed } from './seed.ts'

// npm run bench:live [-- --connections=100 --conversations=1000 …]: conversations at scale (docs/benchmarks.md,
// Conversations). PostgreSQL only: two app processes share one database, as live delivery across processes needs.

const flag = (name: string, fallback: number) => {
  const given = process.argv.find((arg) => arg.startsWith(`--${name}=`))
  const value = given ? Number(given.split('=')[1]) : fallback
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`)
  return value
}
const text = (name: string, fallback: string) =>
  process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1] ?? fallback

const config = {
  /** Open live streams, half on each app process (one per person). */
  connections: 2 * Math.ceil(flag('connections', 1000) / 2),
  /** The inbox person's conversations. */
  conversations: flag('conversations', 10_000),
  /** Listings seeded for browse (bench/seed.ts). */
  listings: flag('listings', 10_000),
  /** Messages sent across processes, and at how many a second. */
  messages: flag('messages', 1000),
  messageRate: flag('message-rate', 50),
  /** Requests a second of the latency figures (the issue's target is quoted at 200). */
  rate: flag('rate', 200),
  duration: flag('duration', 10),
  warmup: flag('warmup', 2),
  /** Two ports: the app processes; reference 1 takes the second before the second process starts. */
  ports: text('ports', '39200,39201').split(',').map(Number) as [number, number],
  outDir: text('out', 'docs'),
  logLevel: process.env.BENCH_LOG_LEVEL ?? 'info',
}

const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
const tmp = mkdtempSync(path.join(os.tmpdir(), 'nestmate-live-bench-'))
const logFile = path.join(tmp, 'servers.log')
const loadAverage = () => os.loadavg().map((n) => Number(n.toFixed(2)))
const round = (n: number) => Math.round(n * 10) / 10

/** Resident memory of a process in bytes (Linux). */
function rss(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))
  return Number(line?.split(/\s+/)[1] ?? NaN) * 1024
}

function percentile(sorted: number[], q: number) {
  return round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN)
}

/**
 * One open event stream, read as EventSource reads it but keeping nothing: each message event's arrival time by
 * its id, for the latency figure. Resolves once the stream has sent its first `unread` event, which the app
 * sends after registering the stream (so a message sent from then on reaches it).
 */
type Stream = {
  close: () => void
  arrivals: Map<number, number>
  /** Who waits for a message id on this stream. */
  waiting: Map<number, (at: number) => void>
  /** Whether the server ended the stream. */
  ended: boolean
}

function openStream(baseUrl: string, cookie: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const arrivals = new Map<number, number>()
    const waiting = new Map<number, (at: number) => void>()
    const request = http.get(`${baseUrl}/api/live`, {
      headers: { accept: 'text/event-stream', cookie },
      agent: false,
    })
    const timer = setTimeout(() => reject(new Error(`no unread event from ${baseUrl} within 60 s`)), 60_000)
    request.once('error', reject)
    request.once('response', (response) => {
      if (response.statusCode !== 200) return reject(new Error(`/api/live answered ${response.statusCode}`))
      request.on('error', () => {})
      let buffer = ''
      let ready = false
      const stream: Stream = { close: () => request.destroy(), arrivals, waiting, ended: false }
      response.once('close', () => (stream.ended = true))
      response.setEncoding('utf8')
      response.on('data', (chunk: string) => {
        const at = performance.now()
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (!ready && block.includes('event: unread')) {
            ready = true
            clearTimeout(timer)
            resolve(stream)
          }
          const id = /^id: (\d+)$/m.exec(block)?.[1]
          if (id === undefined || !block.includes('event: message')) continue
          arrivals.set(Number(id), at)
          waiting.get(Number(id))?.(at)
        }
      })
    })
  })
}

/** Opens `count` streams, `parallel` at a time. */
async function openStreams(targets: { url: string; cookie: string }[], parallel = 50) {
  const streams: Stream[] = new Array(targets.length)
  let next = 0
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < targets.length) {
        const i = next++
        streams[i] = await openStream(targets[i]!.url, targets[i]!.cookie)
      }
    }),
  )
  return streams
}

/** Posts a message; resolves with its id. */
async function post(server: Server, cookie: string, conversationId: string, body: string) {
  const response = await fetch(`${server.url}/api/conversations/${conversationId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url, cookie },
    body: JSON.stringify({ body }),
  })
  if (response.status !== 201) throw new Error(`message: ${response.status} ${await response.text()}`)
  return ((await response.json()) as { id: number }).id
}

/**
 * `messages` messages at a steady rate over the pairs, each sent through the process of its sender's stream and
 * received on the other process's: from the moment the POST leaves to the recipient's event's arrival.
 */
async function crossProcessLatency(
  servers: [Server, Server],
  pairs: { conversationId: string; cookies: [string, string]; streams: [Stream, Stream] }[],
) {
  const latencies: number[] = []
  const posts: number[] = []
  let lost = 0
  const interval = 1000 / config.messageRate
  const started = performance.now()
  const one = async (k: number) => {
    const pair = pairs[k % pairs.length]!
    // Alternately each way: the seeker's stream is on the first process, the poster's on the second.
    const from = Math.floor(k / pairs.length) % 2
    const to = 1 - from
    const sentAt = performance.now()
    const id = await post(servers[from]!, pair.cookies[from]!, pair.conversationId, `Bench message ${k}`)
    posts.push(performance.now() - sentAt)
    const stream = pair.streams[to]!
    const arrived =
      stream.arrivals.get(id) ??
      (await new Promise<number | undefined>((resolve) => {
        const timer = setTimeout(() => resolve(undefined), 10_000)
        stream.waiting.set(id, (at) => {
          clearTimeout(timer)
          resolve(at)
        })
      }))
    stream.waiting.delete(id)
    stream.arrivals.delete(id)
    if (arrived === undefined) lost++
    else latencies.push(arrived - sentAt)
  }
  const pending: Promise<void>[] = []
  for (let k = 0; k < config.messages; k++) {
    const due = started + k * interval - performance.now()
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due))
    pending.push(one(k))
  }
  await Promise.all(pending)
  latencies.sort((a, b) => a - b)
  posts.sort((a, b) => a - b)
  return {
    sent: config.messages,
    delivered: latencies.length,
    lost,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    max: round(latencies.at(-1) ?? NaN),
    postP50: percentile(posts, 0.5),
    postP99: percentile(posts, 0.99),
  }
}

/** Max throughput, then latency at the steady rate, after a warm-up. */
async function row(server: string, baseUrl: string, endpoint: Endpoint, cookies: string[]): Promise<LiveRow> {
  await maxThroughput(baseUrl, endpoint, cookies, config.warmup)
  const throughput = await maxThroughput(baseUrl, endpoint, cookies, config.duration)
  const latency = await steadyLatency(baseUrl, endpoint, cookies, config.duration, config.rate)
  const result = { endpoint: endpoint.name, server, throughput, latency }
  console.log(
    `${server.padEnd(28)} ${endpoint.name.padEnd(20)} ${String(throughput.rps).padStart(6)} req/s   p50 ${latency.p50} ms  p99 ${latency.p99} ms @${config.rate}/s${throughput.failed + latency.failed > 0 ? `  ! ${throughput.failed + latency.failed} failed` : ''}`,
  )
  return result
}

/** The soft limit on open files of this process (its children inherit it), from Linux's /proc; null elsewhere. */
function openFileLimit(): number | null {
  try {
    const line = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'))
    const soft = line?.split(/\s{2,}/)[1]
    return soft === 'unlimited' ? Infinity : Number(soft)
  } catch {
    return null
  }
}

async function main() {
  if (!adminUrl) throw new Error('bench:live needs PostgreSQL: run it through scripts/with-postgres.sh')
  // Every stream is a socket here and one in an app process, beside the pools' and the load's.
  const files = openFileLimit()
  if (files !== null && files < config.connections + 500)
    throw new Error(`${config.connections} streams need more open files than ulimit -n allows (${files})`)
  const startedAt = new Date().toISOString()
  const loadBefore = loadAverage()
  console.log(
    `conversations benchmark: ${config.connections} live connections over two processes, an inbox of ${config.conversations} conversations, ${config.listings} listings; load ${loadBefore.join(' ')}`,
  )
  const url = await createPostgresDatabase(adminUrl, `nestmate_live_${process.pid}`)
  let seconds = Date.now()
  const seedInfo = await seed({ kind: 'postgres', url }, config.listings)
  const run = randomBytes(6).toString('hex')
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  const statements = liveSeedStatements({
    people: config.connections,
    conversations: config.conversations,
    run,
  })
  for (const statement of [
    ...statements,
    `insert into session (id, token, expires_at, user_id, created_at, updated_at)
     values ('live-inbox-session', 'liveinboxt${run}', now() + interval '7 days', '${INBOX_PERSON}', now(), now())`,
    'vacuum analyze',
  ])
    await client.query(statement)
  const inboxSeed = await describeInbox((sql) => client.query(sql))
  const pairRows = await client.query<{ id: string; seeker: string }>(
    `select id, seeker_id as seeker from conversation where seeker_id like 'live-user-%'`,
  )
  await client.end()
  const seededIn = (Date.now() - seconds) / 1000
  console.log(`seeded in ${seededIn.toFixed(1)} s`)

  const cookieOf = (i: number) => sessionCookie(liveToken(i, run), BENCH_AUTH_SECRET)
  const inboxCookie = sessionCookie(`liveinboxt${run}`, BENCH_AUTH_SECRET)
  const [portA, portB] = config.ports
  const a = await startNestmate({ url }, portA, logFile, config.logLevel)
  const check = await fetch(`${a.url}/api/unread`, { headers: { cookie: cookieOf(1) } })
  if (!check.ok) throw new Error(`a seeded session is refused: ${check.status} ${await check.text()}`)

  // 1. The inbox, Nestmate against reference 1 (the same SQL on node:http + pg), no streams open.
  const rows: LiveRow[] = []
  const reference = await startReference('sql', portB, logFile, { databaseUrl: url })
  // A server just started runs its code cold: a first warm-up over every request measured, for both.
  const browse = endpoints(seedInfo).find((endpoint) => endpoint.name === 'browse: first page')!
  for (const server of [a, reference])
    for (const endpoint of [...inboxEndpoints(inboxSeed), browse])
      await maxThroughput(server.url, endpoint, [inboxCookie], config.warmup)
  for (const endpoint of inboxEndpoints(inboxSeed)) {
    rows.push(await row('Nestmate', a.url, endpoint, [inboxCookie]))
    rows.push(await row('reference 1', reference.url, endpoint, [inboxCookie]))
  }
  await reference.stop()

  // 2. Browse's first page without streams open.
  rows.push(await row('Nestmate, no streams', a.url, browse, []))

  // 3. The streams: person 2k-1 on the first process, person 2k on the second.
  const b = await startNestmate({ url }, portB, logFile, config.logLevel)
  const servers: [Server, Server] = [a, b]
  // The second process's first requests grow its heap whatever they are: not the streams' cost.
  await maxThroughput(b.url, browse, [], config.warmup)
  await new Promise((resolve) => setTimeout(resolve, 2000))
  const rssBefore = [rss(a.pid), rss(b.pid)]
  seconds = Date.now()
  const targets = Array.from({ length: config.connections }, (_, index) => ({
    url: servers[index % 2]!.url,
    cookie: cookieOf(index + 1),
  }))
  const streams = await openStreams(targets)
  const openedIn = (Date.now() - seconds) / 1000
  await new Promise((resolve) => setTimeout(resolve, 3000))
  const rssAfter = [rss(a.pid), rss(b.pid)]
  const perConnection = (rssAfter[0]! + rssAfter[1]! - rssBefore[0]! - rssBefore[1]!) / config.connections
  console.log(
    `${config.connections} streams open in ${openedIn.toFixed(1)} s; RSS ${rssBefore.map((n) => Math.round(n / 2 ** 20)).join(' + ')} MB → ${rssAfter.map((n) => Math.round(n / 2 ** 20)).join(' + ')} MB: ${(perConnection / 1024).toFixed(1)} kB per connection`,
  )

  // 4. Messages across the processes.
  const pairs = pairRows.rows.map((r) => {
    const seeker = Number(r.seeker.replace('live-user-', ''))
    return {
      conversationId: r.id,
      cookies: [cookieOf(seeker), cookieOf(seeker + 1)] as [string, string],
      streams: [streams[seeker - 1]!, streams[seeker]!] as [Stream, Stream],
    }
  })
  const delivery = await crossProcessLatency(servers, pairs)
  console.log(
    `${delivery.delivered}/${delivery.sent} messages delivered across processes at ${config.messageRate}/s: p50 ${delivery.p50} ms, p99 ${delivery.p99} ms, max ${delivery.max} ms (the POST alone: p50 ${delivery.postP50} ms, p99 ${delivery.postP99} ms)`,
  )

  // 5. Browse again, the streams still open.
  rows.push(await row(`Nestmate, ${config.connections} streams open`, a.url, browse, []))
  const stillOpen = streams.filter((stream) => !stream.ended).length
  streams.forEach((stream) => stream.close())
  await a.stop()
  await b.stop()

  const report: LiveReport = {
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: {
      cpu: os.cpus()[0]?.model ?? 'unknown',
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      node: process.version,
      os: `${os.type()} ${os.release()}`,
      loadBefore,
      loadAfter: loadAverage(),
    },
    settings: {
      connections: config.connections,
      conversations: config.conversations,
      listings: config.listings,
      messages: config.messages,
      messageRate: config.messageRate,
      rate: config.rate,
      duration: config.duration,
      logLevel: config.logLevel,
    },
    seededSeconds: round(seededIn),
    streams: {
      open: stillOpen,
      openedSeconds: round(openedIn),
      rssBefore,
      rssAfter,
      bytesPerConnection: Math.round(perConnection),
    },
    delivery,
    rows,
  }
  mkdirSync(config.outDir, { recursive: true })
  await writeLiveReport(config.outDir, report)
  rmSync(tmp, { recursive: true, force: true })
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    console.error(`server logs: ${logFile}`)
    process.exit(1)
  },
)
