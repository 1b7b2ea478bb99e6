import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { openDatabase } from '../src/server/db/client.ts'
import { NEAR_COPY_DISTANCE } from '../src/server/db/photo-hash-bands.ts'
import { findNearCopy, nearCopyStatement } from '../src/server/signals/copied-photo.ts'

// npm run bench:signals [-- <photos> <lookups>]: the copied-photo signal's lookup (docs/benchmarks.md, Signals)
// against that many stored photo hashes, on the embedded database, or on PostgreSQL through
// scripts/with-postgres.sh (TEST_DATABASE_URL). Rows only, no pictures: each of a person's listings has two photos
// with random 64-bit hashes. Half the lookups are near-copies of a stored hash (up to NEAR_COPY_DISTANCE bits
// changed) by another person, half are new photos; each must answer in < 100 ms (the target).
const [photos = 100_000, lookups = 400] = process.argv.slice(2).map(Number)
const postgresUrl = process.env.TEST_DATABASE_URL
const tmp = mkdtempSync(path.join(os.tmpdir(), 'nestmate-bench-signals-'))

const random64 = () =>
  BigInt.asIntN(
    64,
    (BigInt(Math.floor(Math.random() * 2 ** 32)) << 32n) | BigInt(Math.floor(Math.random() * 2 ** 32)),
  )

async function main() {
  const handle = postgresUrl
    ? await openDatabase({ kind: 'postgres', url: postgresUrl })
    : await openDatabase({ kind: 'pglite', dataDir: tmp })
  try {
    const seeding = performance.now()
    const listings = Math.ceil(photos / 2)
    const people = Math.max(10, Math.floor(listings / 4))
    await handle.execute(`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select 'bench-user-' || i, 'Person ' || i, 'bench' || i || '@bench.nestmate.test', false, now(), now()
      from generate_series(1, ${people}) i`)
    await handle.execute(`insert into listing (owner_id, title, location, rent, room_type, contact)
      select 'bench-user-' || (1 + i % ${people}), 'Room ' || i, 'Somewhere', 800, 'Single', 'a.example'
      from generate_series(1, ${listings}) i`)
    // Random hashes: two 32-bit halves, the top one shifted (bigint shifts wrap, as the stored signed form wants).
    await handle.execute(`insert into listing_photo (listing_id, key, width, height, placeholder, position, hash,
        created_at)
      select l.id, md5(l.id::text || n), 1600, 1200, 'ZTkCBYB4ZVuJiHh0iJiIgFiMgKUI', n - 1,
        (floor(random() * 4294967296)::bigint << 32) | floor(random() * 4294967296)::bigint, now() - interval '1 day'
      from listing l, generate_series(1, 2) n`)
    // The seed is the site's past: nothing left for the signals job.
    await handle.execute('truncate signal_check')
    await handle.execute('analyze')
    const stored = (
      (await handle.execute(`select count(*)::int as n from listing_photo where hash is not null`)).rows as {
        n: number
      }[]
    )[0]!.n
    const sample = (
      (
        await handle.execute(
          `select hash::text as hash from listing_photo order by random() limit ${lookups}`,
        )
      ).rows as { hash: string }[]
    ).map((row) => BigInt(row.hash))
    const seeded = ((performance.now() - seeding) / 1000).toFixed(1)

    const probes = sample.map((hash, i) => {
      if (i % 2 === 1) return random64()
      let copy = BigInt.asUintN(64, hash)
      for (let flip = 0; flip < 1 + (i % NEAR_COPY_DISTANCE); flip++)
        copy ^= 1n << BigInt(Math.floor(Math.random() * 64))
      return BigInt.asIntN(64, copy)
    })
    const check = (hash: bigint) =>
      findNearCopy(handle.db, {
        hash,
        ownerId: 'a newcomer',
        storedAt: new Date().toISOString(),
        id: crypto.randomUUID(),
      })
    for (const hash of probes.slice(0, 20)) await check(hash)
    if (process.env.EXPLAIN) {
      const photo = {
        hash: probes[0]!,
        ownerId: 'a newcomer',
        storedAt: new Date().toISOString(),
        id: crypto.randomUUID(),
      }
      await handle.db.transaction(async (tx) => {
        await tx.execute(sql`set local max_parallel_workers_per_gather = 0`)
        const plan = await tx.execute(sql`explain analyze ${nearCopyStatement(photo)}`)
        for (const row of (plan as unknown as { rows: Record<string, string>[] }).rows)
          console.log(Object.values(row)[0])
      })
    }
    const times: number[] = []
    let found = 0
    for (const hash of probes) {
      const started = performance.now()
      if (await check(hash)) found++
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1)
    console.log(
      `near-copy lookup, ${postgresUrl ? 'PostgreSQL' : 'embedded'}, ${stored} photo hashes (seeded in ${seeded} s), ` +
        `${probes.length} lookups one at a time (${found} found, of ${Math.ceil(probes.length / 2)} copies): ` +
        `p50 ${at(0.5)} ms, p99 ${at(0.99)} ms, max ${times.at(-1)!.toFixed(1)} ms (load ${os.loadavg()[0]!.toFixed(1)})`,
    )
  } finally {
    await handle.close()
    rmSync(tmp, { recursive: true, force: true })
  }
}

await main()
