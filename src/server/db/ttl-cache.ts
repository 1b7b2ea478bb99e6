/**
 * What the database answered, kept in the process for a while: checked sessions (plugins/session-cache.ts),
 * counts (count-cache.ts) and best-match prefixes (routes/listings/best-match-prefixes.ts) are this cache with
 * their own rules.
 *
 * - A value is fresh for `freshMs` after it was loaded. Up to `staleMs` it is still answered while one new value
 *   loads in the background (stale-while-refresh); `maxRefreshing` bounds those loads over all keys, and a stale
 *   value whose reload must wait its turn is answered as it is.
 * - Callers missing the same key at once share one load; a failed load is not kept.
 * - clear() forgets everything, and a load that began before it is not kept (this process wrote: what it read may be
 *   out of date). expireAll() makes every value stale, and a load that began before it is kept stale.
 * - At most `maxEntries` values; the one stored longest ago goes first.
 */
export type TtlCacheOptions = {
  freshMs: number
  /** Defaults to freshMs: no stale answers. */
  staleMs?: number
  maxEntries: number
  maxRefreshing?: number
  now?: () => number
  /** Where a failed background load is reported; the stale value stays in use until it is too old. */
  onRefreshError?: (error: unknown) => void
}

/** What a caller says about the values it loads. */
export type LoadRules<V> = {
  /** Whether a value just loaded is kept (default: yes); the caller gets it either way. */
  keep?: (value: V) => boolean
  /** Whether a kept value may answer this caller (default: yes); one that may not is loaded again. */
  fits?: (value: V) => boolean
  /** When a value stops being answered, whatever its age (a session's own end). */
  endsAt?: (value: V) => number
}

type Entry<V> = { value: V; freshUntil: number; staleUntil: number; isRefreshing: boolean }

export function createTtlCache<K, V>({
  freshMs,
  staleMs = freshMs,
  maxEntries,
  maxRefreshing = Infinity,
  // Read at each use, so a clock set later (tests' fake timers) is the one asked.
  now = () => Date.now(),
  onRefreshError,
}: TtlCacheOptions) {
  const entries = new Map<K, Entry<V>>()
  const loading = new Map<K, Promise<V>>()
  let clears = 0
  let changes = 0
  let refreshing = 0

  function store(key: K, value: V, since: { clears: number; changes: number }, rules: LoadRules<V>) {
    if (since.clears !== clears) return
    entries.delete(key)
    if (rules.keep && !rules.keep(value)) return
    const at = now()
    const endsAt = rules.endsAt?.(value) ?? Infinity
    const freshUntil = since.changes === changes ? Math.min(at + freshMs, endsAt) : 0
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
    entries.set(key, { value, freshUntil, staleUntil: Math.min(at + staleMs, endsAt), isRefreshing: false })
  }

  function load(key: K, compute: () => Promise<V>, rules: LoadRules<V>): Promise<V> {
    const since = { clears, changes }
    const pending = compute()
    loading.set(key, pending)
    const done = () => loading.get(key) === pending && loading.delete(key)
    pending.then((value) => {
      done()
      store(key, value, since, rules)
    }, done)
    return pending
  }

  function refresh(key: K, entry: Entry<V>, compute: () => Promise<V>, rules: LoadRules<V>) {
    if (entry.isRefreshing || refreshing >= maxRefreshing) return
    entry.isRefreshing = true
    refreshing++
    const since = { clears, changes }
    compute()
      .then(
        (value) => entries.get(key) === entry && store(key, value, since, rules),
        (error: unknown) => {
          entry.isRefreshing = false
          onRefreshError?.(error)
        },
      )
      .finally(() => refreshing--)
  }

  return {
    /** The value kept under `key`, or `compute`'s (shared with whoever else is waiting for it). */
    get(key: K, compute: () => Promise<V>, rules: LoadRules<V> = {}): Promise<V> {
      const entry = entries.get(key)
      const at = now()
      if (entry && at < entry.staleUntil && (!rules.fits || rules.fits(entry.value))) {
        if (at >= entry.freshUntil) refresh(key, entry, compute, rules)
        return Promise.resolve(entry.value)
      }
      const pending = loading.get(key)
      if (!pending) return load(key, compute, rules)
      return rules.fits
        ? pending.then((value) => (rules.fits!(value) ? value : load(key, compute, rules)))
        : pending
    },
    clear() {
      clears++
      changes++
      entries.clear()
      loading.clear()
    },
    expireAll() {
      changes++
      for (const entry of entries.values()) entry.freshUntil = 0
    },
    delete(key: K) {
      entries.delete(key)
    },
    get size() {
      return entries.size
    },
  }
}

export type TtlCache<K, V> = ReturnType<typeof createTtlCache<K, V>>
