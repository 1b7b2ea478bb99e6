import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { rateLimit } from '../db/schema/index.ts'

type Result = { current: number; ttl: number }

/**
 * A fixed-window counter for @fastify/rate-limit kept in the database, so every app process behind a load
 * balancer counts against the same limit (docs/architecture.md §1: processes hold no state). Keys are prefixed
 * `api:` to stay apart from Better Auth's counters in the same table.
 */
export function databaseRateLimitStore(db: Database) {
  return class DatabaseStore {
    // @fastify/rate-limit passes the route's window as a third argument its types don't declare.
    incr(key: string, callback: (error: Error | null, result?: Result) => void, timeWindow = 60_000) {
      const now = Date.now()
      const windowStart = now - timeWindow
      db.insert(rateLimit)
        .values({ id: randomUUID(), key: `api:${key}`, count: 1, lastRequest: now })
        .onConflictDoUpdate({
          target: rateLimit.key,
          set: {
            count: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then 1 else ${rateLimit.count} + 1 end`,
            lastRequest: sql`case when ${rateLimit.lastRequest} <= ${windowStart} then ${now} else ${rateLimit.lastRequest} end`,
          },
        })
        .returning({ count: rateLimit.count, lastRequest: rateLimit.lastRequest })
        .then(([row]) =>
          callback(null, { current: row!.count, ttl: Math.max(0, row!.lastRequest + timeWindow - now) }),
        )
        .catch((error: Error) => callback(error))
    }

    child() {
      return new DatabaseStore()
    }
  }
}
