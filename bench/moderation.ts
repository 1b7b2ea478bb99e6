import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { openDatabase } from '../src/server/db/client.ts'
import { createModerationRepository } from '../src/server/routes/moderation/moderation-repository.ts'
import { seedStatements } from './seed.ts'

// npm run bench:moderation [-- <open reports> <listings> <runs>]: the moderation queue's read (docs/benchmarks.md,
// Moderation) with that many open reports, on the embedded database, or on PostgreSQL through
// scripts/with-postgres.sh (TEST_DATABASE_URL). Reports name listings (three in four), people and messages'
// ids, from the seeded people; a few targets get many reports, most one or two, as a real queue.
const [reports = 10_000, listings = 10_000, runs = 200] = process.argv.slice(2).map(Number)
const postgresUrl = process.env.TEST_DATABASE_URL
const tmp = mkdtempSync(path.join(os.tmpdir(), 'nestmate-bench-moderation-'))

async function main() {
  const handle = postgresUrl
    ? await openDatabase({ kind: 'postgres', url: postgresUrl })
    : await openDatabase({ kind: 'pglite', dataDir: tmp })
  try {
    for (const statement of seedStatements(listings)) await handle.execute(statement)
    const users = Math.max(10, Math.floor(listings / 4))
    // Target i: a listing (by row number) for three in four, else a person; skewed so some have dozens of reports.
    await handle.execute(`
      with numbered as (select id, row_number() over (order by id) as n from listing)
      insert into report (reporter_id, target_kind, target_id, reason, note, created_at)
      select 'bench-user-' || (1 + (g.i * 7919) % ${users}),
             case when g.t % 4 = 3 then 'user' else 'listing' end,
             case when g.t % 4 = 3 then 'bench-user-' || (1 + g.t % ${users})
                  else (select id::text from numbered where n = 1 + g.t % ${listings}) end,
             (array['scam','offensive','not_a_real_room','already_taken','other'])[1 + g.i % 5],
             'Seen the same photos elsewhere', now() - g.i * interval '1 minute'
      from (select i, floor(power(random(), 3) * ${Math.max(1, Math.floor(reports / 3))})::int as t
            from generate_series(1, ${reports}) i) g
      on conflict do nothing`)
    await handle.execute('analyze')
    const counted = await handle.execute(`select count(*)::int as open from report where status = 'open'`)
    const open = (counted.rows as { open: number }[])[0]?.open ?? 0
    const moderation = createModerationRepository(handle.db)
    for (let i = 0; i < 10; i++) await moderation.queue(null)
    const times: number[] = []
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      await moderation.queue(null)
      times.push(performance.now() - started)
    }
    times.sort((a, b) => a - b)
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(1)
    console.log(
      `moderation queue, ${postgresUrl ? 'PostgreSQL' : 'embedded'}, ${open} open reports, ${listings} listings, ` +
        `${runs} reads one at a time: p50 ${at(0.5)} ms, p99 ${at(0.99)} ms (load ${os.loadavg()[0]!.toFixed(1)})`,
    )
  } finally {
    await handle.close()
    rmSync(tmp, { recursive: true, force: true })
  }
}

await main()
