import { spawn } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.ts'
import { matchingSearches } from '../src/server/saved-searches/inverse-match.ts'
import { createPostgresDatabase } from '../src/server/test/database.ts'
import { freePort } from '../src/server/test/processes.ts'
import type { Endpoint } from './endpoints.ts'
import { steadyLatency, type Latency } from './load.ts'
import { startNestmate } from './processes.ts'
import { seed } from './seed.ts'

// Saved searches at scale (PostgreSQL; decision 048), run on its own: `npm run bench:saved`. BENCH_SAVED_SIZES (default 1000) listings and as many saved searches each.
// - matching one new listing against every saved search: the matcher's statement for 200 listings in turn, beside
//   a reference: the same conditions written by hand against the columns (what a careful person would write),
//   so the generated SQL is held to hand-written cost;
// - the daily digests: every daily search with one new room, named and sent (to a mailer that accepts at once) by
//   a process of its own, while a Nestmate server answers browse at a steady BENCH_SAVED_RATE (200) a second:
//   browse's latency alone and while the digests run.

const sizes = (process.env.BENCH_SAVED_SIZES ?? '1000').split(',').map(Number)
const url = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
if (!url) throw new Error('Run under scripts/with-postgres.sh, or set BENCH_DATABASE_URL.')
const ROUNDS = 200

/**
 * Saved searches spread as people make them: two in three by room type, nine in ten with a most they'd pay, a
 * quarter with a least, 70 % near a place (a seeded listing's, 5–30 km), some "available only" or "furnished".
 */
const seedSearches = (count: number) => `
  insert into saved_search (user_id, name, query, alert, created_at, room_type, min_rent, max_rent, available, near,
    center, radius_m, furnished, digest_at)
  select u.id, 'Search ' || i, '', (array['instant','daily','daily','off'])[1 + i % 4],
    now() - interval '2 days',
    case when i % 3 <> 0 then (array['Single','Shared','Studio'])[1 + i % 5 % 3] end,
    case when i % 4 = 0 then 300 + (i * 37) % 900 end,
    case when i % 10 <> 0 then 500 + (i * 53) % 2000 end,
    case when i % 6 = 0 then true end,
    case when i % 10 < 7 then l.place_id end,
    case when i % 10 < 7 then ll_to_earth(l.lat, l.lon) end,
    case when i % 10 < 7 then 1000.0 * (5 + i % 26) end,
    case when i % 9 = 0 then true end,
    null
  from generate_series(1, ${count}) as i
  join (select id, row_number() over (order by id) - 1 as n from "user") u
    on u.n = (i::bigint * 7919) % (select count(*) from "user")
  join (select place_id, lat, lon, row_number() over (order by id) - 1 as n from listing
    where place_id is not null order by id limit 1000) l
    on l.n = (i::bigint * 104729) % least(1000, (select count(*) from listing where place_id is not null))`

/** The reference: the same match, written by hand over the columns. */
const handWritten = (id: string) => sql`
  select s.id from saved_search s, listing l where l.id = ${id}
    and (s.room_type is null or s.room_type = l.room_type)
    and (s.min_rent is null or l.rent >= s.min_rent) and (s.max_rent is null or l.rent <= s.max_rent)
    and (s.available is null or l.availability = 'Available')
    and (s.furnished is null or l.furnished is true)
    and (s.near is null or (earth_box(s.center::earth, s.radius_m::float8) @> l.earth
      and sec_to_gc(cube_distance(s.center::cube, l.earth)) <= s.radius_m::float8))`

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!

async function timed(handle: DatabaseHandle, ids: string[], query: (id: string) => ReturnType<typeof sql>) {
  const times: number[] = []
  let matched = 0
  for (const id of ids) {
    const started = performance.now()
    const result = (await handle.db.execute(query(id))) as unknown as { rows: unknown[] }
    times.push(performance.now() - started)
    matched += result.rows.length
  }
  times.sort((a, b) => a - b)
  const round = (ms: number) => Math.round(ms * 100) / 100
  return {
    p50: round(percentile(times, 0.5)),
    p99: round(percentile(times, 0.99)),
    matchedPerListing: matched / ids.length,
  }
}

/** Browse's requests while the digests run: the first page and a filtered one, at BENCH_SAVED_RATE a second. */
const BROWSE_RATE = Number(process.env.BENCH_SAVED_RATE ?? 200)
const BROWSE_WINDOW_SECONDS = 5
const browse: Endpoint = {
  name: 'browse',
  method: 'GET',
  paths: ['/api/roommate-listings', '/api/roommate-listings?roomType=Studio&minRent=800&maxRent=1500'],
  signedIn: false,
  read: true,
}

/**
 * A Nestmate server on the database; browse's latency at a steady rate for ten seconds alone, then in 5-second
 * windows for as long as the digest run (bench/saved-digests.ts, a process of its own) takes.
 */
async function browseBesideDigests(url: string, size: number) {
  const port = Number(process.env.BENCH_SAVED_PORT ?? (await freePort()))
  mkdirSync(out, { recursive: true })
  const server = await startNestmate(
    { url },
    port,
    path.join(out, `saved-searches-server-${size}.log`),
    'warn',
  )
  try {
    await steadyLatency(server.url, browse, [], 2, BROWSE_RATE) // warm-up
    const browseAlone = await steadyLatency(server.url, browse, [], BROWSE_WINDOW_SECONDS * 2, BROWSE_RATE)
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/saved-digests.ts'], {
      env: { ...process.env, BENCH_DIGEST_URL: url },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
    let running = true
    void exited.then(() => (running = false))
    const windows: Latency[] = []
    while (running)
      windows.push(await steadyLatency(server.url, browse, [], BROWSE_WINDOW_SECONDS, BROWSE_RATE))
    if ((await exited) !== 0) throw new Error(`the digest run failed:\n${output}`)
    const digestRun = JSON.parse(output.trim().split('\n').at(-1)!) as { sent: number; seconds: number }
    return { browseAlone, browseDuringDigests: summary(windows), digestRun }
  } finally {
    await server.stop()
  }
}

/** The windows together: their mean p50, the worst p99 (and each), and what failed. */
function summary(windows: Latency[]) {
  const worst = Math.max(...windows.map((window) => window.p99))
  const p50 = windows.reduce((sum, window) => sum + window.p50, 0) / windows.length
  return {
    windows: windows.length,
    p50: Math.round(p50 * 10) / 10,
    worstWindowP99: worst,
    p99s: windows.map((window) => window.p99),
    failed: windows.reduce((sum, window) => sum + window.failed, 0),
  }
}

const out = process.env.BENCH_OUT ?? '.tmp/bench'
const results: Record<string, unknown>[] = []
for (const size of sizes) {
  const target = {
    kind: 'postgres' as const,
    url: await createPostgresDatabase(url, `nestmate_bench_saved_${size}_${process.pid}`),
  }
  await seed(target, size)
  const handle = await openDatabase(target)
  try {
    await handle.execute(seedSearches(size))
    await handle.execute('vacuum analyze saved_search')
    const ids = (
      (await handle.execute(`select id from listing order by random() limit ${ROUNDS}`)) as {
        rows: { id: string }[]
      }
    ).rows.map((row) => row.id)
    // Warm both plans first.
    await timed(
      handle,
      ids.slice(0, 20),
      (id) => sql`select search_id from ${matchingSearches(sql`listing.id = ${id}`)} m`,
    )
    await timed(handle, ids.slice(0, 20), handWritten)
    const matcher = await timed(
      handle,
      ids,
      (id) => sql`select search_id from ${matchingSearches(sql`listing.id = ${id}`)} m`,
    )
    const reference = await timed(handle, ids, handWritten)

    // One new room for every daily search; then browse at a steady rate alone, and again while the digests run.
    await handle.execute(`insert into saved_search_hit (search_id, listing_id)
      select s.id, l.id from saved_search s
      join (select id, row_number() over (order by id) - 1 as n from listing) l
        on l.n = abs(hashtext(s.id::text))::bigint % (select count(*) from listing)
      where s.alert = 'daily' on conflict do nothing`)
    await handle.execute(`update "user" set email_verified = true`)
    const digests = (
      (await handle.execute(`select count(*)::int as n from saved_search where alert = 'daily'`)) as {
        rows: { n: number }[]
      }
    ).rows[0]!.n
    const { browseAlone, browseDuringDigests, digestRun } = await browseBesideDigests(target.url, size)
    const row = {
      size,
      searches: size,
      matcher,
      reference,
      digests,
      digestsSent: digestRun.sent,
      digestSeconds: digestRun.seconds,
      browseRate: BROWSE_RATE,
      browseAlone,
      browseDuringDigests,
    }
    results.push(row)
    console.log(JSON.stringify(row))
  } finally {
    await handle.close()
  }
}
mkdirSync(out, { recursive: true })
writeFileSync(path.join(out, 'saved-searches.json'), `${JSON.stringify(results, null, 2)}\n`)
