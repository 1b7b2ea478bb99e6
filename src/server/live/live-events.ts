/**
 * What the conversation writes (and the saved searches' new rooms) tell every app process through NOTIFY on one channel: ids only, never a message's
 * text (a payload is at most 8 kB, and a listener that was away never gets it). Each process reads the rows it
 * needs for its own open connections (docs/decisions/038).
 */
export const LIVE_CHANNEL = 'nestmate_live'

export type LiveNotice =
  /** A new message `id`; `u` are its sender and recipient. */
  | { t: 'm'; id: number; u: [string, string] }
  /** `u[0]` read conversation `c` up to message `id`; `u[1]` is the other participant. */
  | { t: 'r'; c: string; id: number; u: [string, string] }
  /** A block between the two participants of conversation `c` began or ended. */
  | { t: 'b'; c: string; u: [string, string] }
  /** The rooms new to person `u[0]`'s saved searches changed: matched, or a search opened (decision 100). */
  | { t: 'n'; u: [string] }

/**
 * Person `u`'s session `s` ended before it expired (signed out, revoked, deleted with the account): told by a
 * trigger on the session table (drizzle/0021_session_end_notify.sql, docs/decisions/078).
 */
export type SessionEnded = { t: 's'; s: string; u: string }

const isPair = (value: unknown): value is [string, string] =>
  Array.isArray(value) && value.length === 2 && value.every((id) => typeof id === 'string')

/** A notice from the channel, or undefined for anything else (another version of the app, say). */
export function parseNotice(payload: string): LiveNotice | SessionEnded | undefined {
  try {
    const notice = JSON.parse(payload) as Record<string, unknown>
    if (notice.t === 's' && typeof notice.s === 'string' && typeof notice.u === 'string')
      return notice as SessionEnded
    if (
      notice.t === 'n' &&
      Array.isArray(notice.u) &&
      notice.u.length === 1 &&
      typeof notice.u[0] === 'string'
    )
      return notice as LiveNotice
    if (!isPair(notice.u)) return undefined
    if (notice.t === 'm' && typeof notice.id === 'number') return notice as LiveNotice
    if (notice.t === 'r' && typeof notice.id === 'number' && typeof notice.c === 'string')
      return notice as LiveNotice
    if (notice.t === 'b' && typeof notice.c === 'string') return notice as LiveNotice
  } catch {
    // Not ours.
  }
  return undefined
}
