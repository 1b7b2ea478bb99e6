import { createHash } from 'node:crypto'
import type { Database } from '../db/client.ts'
import { countInWindow } from './rate-limit-store.ts'

/**
 * Password-reset and verification mails asked for per e-mail address, beside Better Auth's per-IP limit, so
 * nobody can flood one person's inbox from many addresses. An address that belongs to no one is counted the
 * same way, so the answer never tells which accounts exist.
 */
export function createMailRequestLimit(db: Database, { max = 3, windowMs = 15 * 60 * 1000 } = {}) {
  // Hashed: the counters table needn't hold people's e-mail addresses.
  const keyOf = (purpose: string, email: string) =>
    `mail:${purpose}:${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`

  /** Counts a request; answers 0 when it may go ahead, or the seconds until this address may ask again. */
  return async function attempt(purpose: string, email: string): Promise<number> {
    const { count, windowStart } = await countInWindow(db, keyOf(purpose, email), windowMs)
    return count <= max ? 0 : Math.max(1, Math.ceil((windowStart + windowMs - Date.now()) / 1000))
  }
}

export type MailRequestLimit = ReturnType<typeof createMailRequestLimit>
