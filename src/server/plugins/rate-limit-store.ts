import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { rateLimit } from '../db/schema/index.ts'

type Result = { current: number; ttl: number }

/**
 * The cleanup job deletes counters untouched for this long (src/server/cleanup/cleanup-job.ts), so no window may be
 * longer: a deleted counter would start again from nothing.
 */
export const RATE_LIMIT_KEEP_MS = 24 * 60 * 60 * 1000

/**
 * Counts one more event under key in a fixed window of windowMs that starts with the window's first event, in
 * the database, so every app process behind a load balancer counts against the same limit (docs/architecture.md §1:
 * processes hold no state). Answers the count so far and when the window began.
 */
export async function countInWindow(db: Database, key: string, windowMs: number) {
  if (windowMs > RATE_LIMIT_KEEP_MS)
    throw new Error(`A ${windowMs} ms window outlives its counter's cleanup.`)
  const now = Date.now()
  const windowStart = now - windowMs
  const [row] = await db
    .insert(rateLimit)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: rateLimit.key,
      set: {
        count: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
        lastRequest: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
      },
    })
    .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest })
  return { count: row!.count, windowStart: row!.lastRequest }
}

/**
 * @fastify/rate-limit's store on countInWindow. Keys are prefixed `api:` to stay apart from Better Auth's
 * counters in the same table.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseStore {
    // @fastify/rate-limit passes the route's window as a third argument its types don't declare.
    incr(key: string, callback: (error: Error | null, result?: Result) => void, timeWindow = 60_000) {
      countInWindow(db, `api:${key}`, timeWindow)
        .then(({ count, windowStart }) =>
          callback(null, { current: count, ttl: Math.max(0, windowStart + timeWindow - Date.now()) }),
        )
        .catch((error: Error) => callback(error))
    }

    child() {
      return new DatabaseStore()
    }
  }
}
