/**
 * Signed-in users by signed session cookie, for a few seconds, so a signed-in read costs about what a public one
 * does. Only cookies whose signature was verified and whose session the database confirmed are kept, and never
 * past the session's expiry. Every Better Auth write through this process (sign-out, revoked sessions) clears it,
 * so one process never serves a signed-out session; another process's sign-out takes effect within
 * `ttlMs`. See docs/decisions/010-session-cache.md.
 */
export function createSessionCache<T>({ ttlMs = 10_000, maxEntries = 10_000 } = {}) {
  const entries = new Map<string, { value: T; expires: number }>()
  let generation = 0
  return {
    /** Pass to `set`: a lookup that began before a clear() must not store what it found after it. */
    generation: () => generation,
    get(key: string): T | undefined {
      const hit = entries.get(key)
      if (!hit) return undefined
      if (hit.expires > Date.now()) return hit.value
      entries.delete(key)
      return undefined
    },
    set(key: string, value: T, expiresAt: Date, since: number) {
      if (since !== generation) return
      const expires = Math.min(Date.now() + ttlMs, expiresAt.getTime())
      entries.delete(key)
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!)
      entries.set(key, { value, expires })
    },
    clear() {
      generation++
      entries.clear()
    },
  }
}
