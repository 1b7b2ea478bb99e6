/**
 * Row counts (X-Total-Count, /api/stats) grow with the table: PostgreSQL has no cheap exact count(*), and
 * 100k rows take milliseconds on PostgreSQL and hundreds of them on PGlite. A count of at least `exactBelow` is
 * kept for `ttlMs`; smaller ones are counted every time, so a small site's counts are always exact. This
 * process's own writes clear the cache, so only another process's writes can show up late (by at most ttlMs).
 * Concurrent misses share one query. See docs/decisions/006-counts.md.
 */
export function createCountCache({ ttlMs = 10_000, exactBelow = 1000, maxEntries = 500 } = {}) {
  const entries = new Map<string, { count: Promise<number>; expires: number }>()
  return {
    get(key: string, compute: () => Promise<number>): Promise<number> {
      const now = Date.now()
      const hit = entries.get(key)
      if (hit && hit.expires > now) return hit.count
      const entry = { count: compute(), expires: now + ttlMs }
      entries.delete(key)
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      entries.set(key, entry)
      const forget = () => entries.get(key) === entry && entries.delete(key)
      entry.count.then((count) => count < exactBelow && forget(), forget)
      return entry.count
    },
    clear: () => entries.clear(),
  }
}

export type CountCache = ReturnType<typeof createCountCache>
