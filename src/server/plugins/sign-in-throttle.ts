import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { rateLimit } from '../db/schema/index.ts'
import { countInWindow } from './rate-limit-store.ts'

/**
 * Better Auth's endpoints that check a password, the body field holding it and whose address it is: each attempt
 * counts toward that address's one limit, so a stolen session guesses no faster than sign-in may. A test holds
 * this complete against the endpoints Better Auth describes (security-tests/limits.test.ts).
 */
export const PASSWORD_CHECKS: Record<string, { field: string; address: 'body' | 'session' }> = {
  '/api/auth/sign-in/email': { field: 'password', address: 'body' },
  '/api/auth/verify-password': { field: 'password', address: 'session' },
  '/api/auth/change-password': { field: 'currentPassword', address: 'session' },
  '/api/auth/delete-user': { field: 'password', address: 'session' },
}

/**
 * Password attempts counted per e-mail address (at sign-in and at every other `PASSWORD_CHECKS` endpoint), beside
 * Better Auth's per-IP limits, so guessing one person's password from many addresses stops too. A success clears the count, so what it counts is failures. An
 * address that doesn't belong to anyone is counted and refused exactly like one that does: the answer never
 * tells which accounts exist. See docs/decisions/018.
 */
export function createSignInThrottle(db: Database, { max = 10, windowMs = 15 * 60 * 1000 } = {}) {
  // Hashed: the counters table needn't hold people's e-mail addresses.
  const keyOf = (email: string) =>
    `signin:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`

  return {
    /**
     * Counts an attempt before it runs, so simultaneous guesses can't all pass a check made before any of them
     * failed. Answers 0 when it may go ahead, or the seconds until this e-mail may try again.
     */
    async attempt(email: string): Promise<number> {
      const { count, windowStart } = await countInWindow(db, keyOf(email), windowMs)
      return count <= max ? 0 : Math.max(1, Math.ceil((windowStart + windowMs - Date.now()) / 1000))
    },
    /** A right password clears the count. */
    async succeeded(email: string) {
      await db.delete(rateLimit).where(eq(rateLimit.key, keyOf(email)))
    },
  }
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>
