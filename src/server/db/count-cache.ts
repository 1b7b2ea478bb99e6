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
type Entry = {
  count: Promise<number>
  expires: number
  /** The count, once taken. */
  value?: number
  /** Not to be kept: a small table's, or taken while this process wrote. */
  isExact?: boolean
  refreshing?: boolean
}

export function createCountCache({ ttlMs = 10_000, exactBelow = 1000, maxEntries = 500 } = {}) {
  const entries = new Map<string, Entry>()
  // A count taken while this process wrote is not kept.
  let generation = 0

  function take(key: string, compute: () => Promise<number>, tableSize: number | undefined): Entry {
    const startedIn = generation
    const entry: Entry = { count: compute(), expires: Date.now() + ttlMs }
    const forget = () => entries.get(key) === entry && entries.delete(key)
    entry.count.then((count) => {
      entry.value = count
      entry.isExact = (tableSize ?? count) < exactBelow || startedIn !== generation
      if (entry.isExact) forget()
    }, forget)
    return entry
  }

  function keep(key: string, entry: Entry) {
    entries.delete(key)
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
    entries.set(key, entry)
  }

  return {
    get(key: string, compute: () => Promise<number>, tableSize?: number): Promise<number> {
      const now = Date.now()
      const hit = entries.get(key)
      if (hit && hit.expires > now) return hit.count
      if (hit?.value !== undefined && hit.expires + ttlMs > now) {
        if (!hit.refreshing) {
          hit.refreshing = true
          const next = take(key, compute, tableSize)
          next.count.then(
            () => {
              if (entries.get(key) !== hit) return
              if (next.isExact) entries.delete(key)
              else keep(key, next)
            },
            () => (hit.refreshing = false),
          )
        }
        return Promise.resolve(hit.value)
      }
      const entry = take(key, compute, tableSize)
      keep(key, entry)
      return entry.count
    },
    clear: () => {
      generation++
      entries.clear()
    },
  }
}

export type CountCache = ReturnType<typeof createCountCache>
