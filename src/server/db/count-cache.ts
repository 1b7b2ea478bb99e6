import { createTtlCache } from './ttl-cache.ts'

/**
 * Row counts (X-Total-Count, /api/stats) grow with the table: PostgreSQL has no cheap exact count(*), and
 * 100k rows take milliseconds on PostgreSQL and hundreds of them on PGlite. A count is kept for `ttlMs` when the
 * table it counts in holds at least `exactBelow` rows (`tableSize`, the count itself by default); on a smaller
 * table it is counted every time, so a small site's counts are always exact. A filtered count must pass the
 * table's size: a search matching 200 of 100,000 rows is small but reads the whole table. This process's own
 * writes clear the cache, so only another process's writes can show up late. Concurrent misses share one query.
 * A count past its TTL is still answered for one more TTL while a new one is taken in the background, so no request
 * waits for a large count once it is known (a count near a busy place takes ~40 ms at 100k listings): another
 * process's writes then show within one to two TTLs. See docs/decisions/006-counts.md and 027.
 */
export function createCountCache({ ttlMs = 10_000, exactBelow = 1000, maxEntries = 500 } = {}) {
  const counts = createTtlCache<string, number>({ freshMs: ttlMs, staleMs: 2 * ttlMs, maxEntries })
  // Made once: a count is asked for on every browse request.
  const byCount = { keep: (count: number) => count >= exactBelow }
  const kept = {}
  const notKept = { keep: () => false }
  return {
    get: (key: string, compute: () => Promise<number>, tableSize?: number): Promise<number> =>
      counts.get(key, compute, tableSize === undefined ? byCount : tableSize >= exactBelow ? kept : notKept),
    /** This process wrote: every count is taken again, and one being taken now is not kept. */
    clear: () => counts.clear(),
  }
}

export type CountCache = ReturnType<typeof createCountCache>
