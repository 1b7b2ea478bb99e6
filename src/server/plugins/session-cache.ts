import { createTtlCache } from '../db/ttl-cache.ts'

/** A lookup's result worth keeping: the value and when the session ends. */
export type SessionFound<T> = { value: T; endsAt: number }

/**
 * Signed-in users by signed session cookie, for a few seconds, so a signed-in read costs about what a public one
 * does. Only cookies whose signature was verified and whose session the database confirmed are kept (a lookup
 * that finds nothing answers null and is not kept), and never past the session's end. Requests with the same
 * cookie at once share one lookup. Every Better Auth write through this process (sign-out, revoked sessions)
 * clears it, and a lookup begun before that is not kept, so one process never serves a signed-out session;
 * another process's sign-out clears it through the live channel's notice (docs/decisions/078), and within `ttlMs`
 * if that notice was lost. See docs/decisions/010-session-cache.md.
 */
export function createSessionCache<T>({ ttlMs = 10_000, maxEntries = 10_000 } = {}) {
  const sessions = createTtlCache<string, SessionFound<T> | null>({ freshMs: ttlMs, maxEntries })
  const rules = {
    keep: (found: SessionFound<T> | null) => found !== null,
    endsAt: (found: SessionFound<T> | null) => found!.endsAt,
  }
  return {
    /** What the cookie's lookup found (now or within `ttlMs`), or null. */
    get: (cookie: string, lookup: () => Promise<SessionFound<T> | null>) =>
      sessions.get(cookie, lookup, rules),
    clear: () => sessions.clear(),
  }
}
