/**
 * Row counts (X-Total-Count, /api/stats) grow with the table: PostgreSQL has no cheap exact count(*), and
 * 100k rows take milliseconds on PostgreSQL and hundreds of them on PGlite. A count is kept for `ttlMs` when the
 * table it counts in holds at least `exactBelow` rows (`tableSize`, the count itself by default); on a smaller
 * table it is counted every time, so a small site's counts are always exact. A filtered count must pass the
 * table's size: a search matching 200 of 100,000 rows is small but reads the whole table. This process's own
 * writes clear the cache, so only another process's writes can show up late (by at most ttlMs). Concurrent
 * misses share one query. See docs/decisions/006-counts.md.
 */
export function createCountCache({ ttlMs = 10_000, exactBelow = 1000, maxEntries = 500 } = {}) {
  const entries = new Map<string, { count: Promise<number>; expires: number }>()
  return {
    get(key: string, compute: () => Promise<number>, tableSize?: number): Promise<number> {
      const now = Date.now()
      const hit = entries.get(key)
      if (hit && hit.expires > now) return hit.count
      const entry = { count: compute(), expires: now + ttlMs }
      entries.delete(key)
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      entries.set(key, entry)
      const forget = () => entries.get(key) === entry && entries.delete(key)
      entry.count.then((count) => (tableSize ?? count) < exactBelow && forget(), forget)
      return entry.count
    },
    clear: () => entries.clear(),
  }
}

export type CountCache = ReturnType<typeof createCountCache>
