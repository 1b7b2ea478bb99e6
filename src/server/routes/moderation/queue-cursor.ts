import { isExactTime } from '../listings/cursor.ts'

/**
 * A position in the moderation queue's order (docs/decisions/071): whether it is among the things reports hid
 * (they come first), and the newest open report of the last thing shown: its time (to the microsecond, as the
 * statement writes it) and id. Opaque to clients (base64url JSON).
 */
export type QueueCursor = { hiddenFirst: boolean; at: string; id: string }

export const encodeQueueCursor = ({ hiddenFirst, at, id }: QueueCursor) =>
  Buffer.from(JSON.stringify([hiddenFirst, at, id])).toString('base64url')

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** Null for anything the queue could not have written. */
export function decodeQueueCursor(raw: string): QueueCursor | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'))
    if (!Array.isArray(parsed) || parsed.length !== 3) return null
    const [hiddenFirst, at, id] = parsed as unknown[]
    if (typeof hiddenFirst !== 'boolean' || typeof at !== 'string' || !isExactTime(at)) return null
    return typeof id === 'string' && UUID.test(id) ? { hiddenFirst, at, id } : null
  } catch {
    return null
  }
}
