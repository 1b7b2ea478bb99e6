import type { Database } from '../db/client.ts'
import { countInWindow } from './rate-limit-store.ts'

/**
 * Better Auth's session check (`GET /api/auth/get-session`, which the web app asks on every page) counted per
 * session instead of per client address: many people share an address (a campus, an office, a family), and a
 * refused check there reads as signed out to none of them but costs each of them their page. A check without a
 * session needs no database and is not counted.
 */
export function createSessionCheckLimit(db: Database, { max = 100, windowMs = 60 * 1000 } = {}) {
  /** Counts a check of this session; answers 0 when it may go ahead, or the seconds until it may check again. */
  return async function attempt(sessionId: string): Promise<number> {
    const { count, windowStart } = await countInWindow(db, `session-check:${sessionId}`, windowMs)
    return count <= max ? 0 : Math.max(1, Math.ceil((windowStart + windowMs - Date.now()) / 1000))
  }
}

export type SessionCheckLimit = ReturnType<typeof createSessionCheckLimit>
