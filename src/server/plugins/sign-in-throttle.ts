import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { rateLimit } from '../db/schema/index.ts'
import { countInWindow } from './rate-limit-store.ts'

/**
 * Failed sign-ins counted per e-mail address, beside Better Auth's per-IP limit, so guessing one person's
 * password from many addresses stops too. An address that doesn't belong to anyone is counted and refused
 * exactly like one that does: the answer never tells which accounts exist. See docs/decisions/018.
 */
export function createSignInThrottle(db: Database, { max = 10, windowMs = 15 * 60 * 1000 } = {}) {
  // Hashed: the counters table needn't hold people's e-mail addresses.
  const keyOf = (email: string) =>
    `signin-failures:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`

  return {
    /** Seconds until this e-mail may try again, or 0 when it may now. */
    async retryAfter(email: string): Promise<number> {
      const [row] = await db
        .select({ count: rateLimit.count, windowStart: rateLimit.lastRequest })
        .from(rateLimit)
        .where(eq(rateLimit.key, keyOf(email)))
      if (!row || row.count < max) return 0
      return Math.max(0, Math.ceil((row.windowStart + windowMs - Date.now()) / 1000))
    },
    async failed(email: string) {
      await countInWindow(db, keyOf(email), windowMs)
    },
    async succeeded(email: string) {
      await db.delete(rateLimit).where(eq(rateLimit.key, keyOf(email)))
    },
  }
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>
