import type { Message, Unread } from '#shared/conversations.ts'
import type { LiveMessage, LiveRepository } from './live-repository.ts'
import { parseNotice, type LiveNotice } from './live-events.ts'
import { eventFrame, HEARTBEAT, type SseSink } from './sse.ts'

/** One open event stream of one signed-in person in this process. */
export type LiveStream = {
  readonly userId: string
  /** The session it was opened with: it ends when that session does. */
  readonly sessionId: string
  readonly sink: SseSink
  /** The last message id written to it; 0 before any. */
  cursor: number
  /** Whether the session behind it still holds (checked about every SESSION_CHECK_MS). */
  recheck: () => Promise<boolean>
  checkedAt: number
}

type Log = { warn: (object: object, message: string) => void }

// At least every 30 s, so proxies and browsers keep an idle stream open.
export const HEARTBEAT_MS = 25_000
// How often the hub looks for streams due a heartbeat.
const BEAT_TICK_MS = 1_000
// A signed-out or revoked session stops receiving within this long.
export const SESSION_CHECK_MS = 60_000
/**
 * One person's open streams in one process: enough for many tabs, not a way to hold the process's memory. Counted
 * and taken in one step (`add`), so opens that race can't pass it together (docs/decisions/077).
 */
export const MAX_STREAMS_PER_PERSON = 10

export type LiveTiming = { heartbeatMs?: number; sessionCheckMs?: number }

export type LiveOptions = LiveTiming & {
  /** A session ended (in any process): what this process remembers of sessions must go too. */
  onSessionEnded?: () => void
}

export const toViewer = (row: LiveMessage, userId: string): Message => ({
  id: row.id,
  conversationId: row.conversationId,
  mine: row.senderId === userId,
  kind: row.kind,
  ...(row.event && { event: row.event }),
  body: row.body,
  createdAt: row.createdAt,
  shielded: row.shielded,
  moneyAsk: row.moneyAsk,
})

/**
 * The open event streams of this process, and what the conversation writes tell them (docs/decisions/038). Work
 * runs in batches, one at a time and in arrival order: the new streams' backlogs first, then the notices, each
 * message read once for every stream that wants it. Each stream's cursor (the last message id written) keeps a
 * message from being written twice when a backlog and a notice both bring it.
 */
export function createLiveHub(
  repository: LiveRepository,
  log: Log,
  { heartbeatMs = HEARTBEAT_MS, sessionCheckMs = SESSION_CHECK_MS, onSessionEnded }: LiveOptions = {},
) {
  const streams = new Map<string, Set<LiveStream>>()
  const joining: { stream: LiveStream; after: number | null }[] = []
  const notices: LiveNotice[] = []
  /** When each registered stream is due its next heartbeat. */
  const nextBeat = new Map<LiveStream, number>()
  let running = false

  /** How many streams `userId` has open in this process, those still joining included (once: see resync). */
  const count = (userId: string) => {
    const open = streams.get(userId)
    const newcomers = joining.filter(({ stream }) => stream.userId === userId && !open?.has(stream))
    return (open?.size ?? 0) + newcomers.length
  }
  const of = (userId: string) => streams.get(userId) ?? new Set<LiveStream>()
  const writeTo = (userId: string, frame: string) => of(userId).forEach((stream) => stream.sink.write(frame))

  function writeMessage(stream: LiveStream, row: LiveMessage) {
    if (row.id <= stream.cursor) return
    stream.cursor = row.id
    stream.sink.write(eventFrame('message', toViewer(row, stream.userId), row.id))
  }

  function register(stream: LiveStream) {
    nextBeat.set(stream, Date.now() + heartbeatMs)
    const set = streams.get(stream.userId) ?? new Set()
    set.add(stream)
    streams.set(stream.userId, set)
  }

  async function runBatch(joined: typeof joining, batch: LiveNotice[]) {
    // A new stream receives notices from its own batch on, after its backlog: registered earlier, a batch
    // already under way could write it a newer message first, and its cursor would then skip the backlog.
    joined = joined.filter(({ stream }) => !stream.sink.closed)
    joined.forEach(({ stream }) => register(stream))
    const refresh = new Set<string>(joined.map(({ stream }) => stream.userId))
    const news = new Set<string>(refresh)
    const wanted = batch.flatMap((notice) =>
      notice.t === 'm' && notice.u.some((id) => streams.has(id)) ? [notice.id] : [],
    )
    const isFresh = joined.some(({ after }) => after === null)
    const [backlogs, rows, latest] = await Promise.all([
      Promise.all(
        joined.map(({ stream, after }) =>
          after === null ? null : repository.backlog(stream.userId, after).catch(() => undefined),
        ),
      ),
      wanted.length > 0 ? repository.messages(wanted) : [],
      isFresh ? repository.latestId() : 0,
    ])
    // A stream opened without a last id gets what is written from now on: a notice that comes late for a message
    // written before it opened (another process's, on a busy machine) is not news to it.
    joined.forEach(({ stream, after }) => {
      if (after === null) stream.cursor = Math.max(stream.cursor, latest)
    })
    joined.forEach(({ stream }, index) => {
      const backlog = backlogs[index]
      if (backlog === undefined) return stream.sink.end()
      if (!backlog) return
      backlog.messages.forEach((row) => writeMessage(stream, row))
      // More than one resume sends: the client loads what it shows from the API instead.
      if (backlog.more) stream.sink.write(eventFrame('resync', {}))
    })
    const byId = new Map(rows.map((row) => [row.id, row]))
    for (const notice of batch) {
      if (notice.t === 'm') {
        const row = byId.get(notice.id)
        if (!row) continue
        for (const userId of notice.u) of(userId).forEach((stream) => writeMessage(stream, row))
        if (streams.has(notice.u[1])) refresh.add(notice.u[1])
      } else if (notice.t === 'r') {
        writeTo(notice.u[1], eventFrame('read', { conversationId: notice.c, seenUpTo: notice.id }))
        if (streams.has(notice.u[0])) refresh.add(notice.u[0])
      } else if (notice.t === 'b') {
        notice.u.forEach((userId) => writeTo(userId, eventFrame('block', { conversationId: notice.c })))
      } else if (streams.has(notice.u[0])) news.add(notice.u[0])
    }
    const [unread, newRooms] = await Promise.all([
      refresh.size > 0 ? repository.unread([...refresh]) : new Map<string, Unread>(),
      news.size > 0 ? repository.newRooms([...news]) : new Map<string, number>(),
    ])
    for (const [userId, counts] of unread) writeTo(userId, eventFrame('unread', counts))
    for (const [userId, count] of newRooms) writeTo(userId, eventFrame('saved-searches', { newRooms: count }))
  }

  async function run() {
    while (joining.length > 0 || notices.length > 0) {
      const joined = joining.splice(0)
      const batch = notices.splice(0)
      try {
        await runBatch(joined, batch)
      } catch (error) {
        // The database failed mid-batch: whoever it concerned loads what they show again.
        log.warn({ err: error }, 'live delivery failed; asking its clients to resync')
        const users = new Set([...joined.map(({ stream }) => stream.userId), ...batch.flatMap((n) => n.u)])
        users.forEach((userId) => writeTo(userId, eventFrame('resync', {})))
      }
    }
    running = false
  }

  function schedule() {
    if (running) return
    running = true
    setImmediate(() => void run())
  }

  // Each stream beats a heartbeat after it opened and every heartbeat after that, checked on a one-second tick: with
  // a thousand streams open, the writes and the session checks they carry spread over the interval instead of all
  // landing in one tick (a burst that showed as browse's worst answers in the conversations benchmark).
  const beat = setInterval(
    () => {
      const now = Date.now()
      for (const set of streams.values())
        for (const stream of set) {
          if (now < (nextBeat.get(stream) ?? 0)) continue
          nextBeat.set(stream, now + heartbeatMs)
          stream.sink.write(HEARTBEAT)
          if (now - stream.checkedAt < sessionCheckMs) continue
          stream.checkedAt = now
          stream.recheck().then(
            (valid) => valid || stream.sink.end(),
            () => {}, // The database is away: keep the stream; the next check decides.
          )
        }
    },
    Math.min(BEAT_TICK_MS, heartbeatMs),
  )
  beat.unref()

  return {
    /**
     * Adds a stream unless its person has MAX_STREAMS_PER_PERSON open here already (then false, and nothing is
     * kept); it gets the messages after `after` (when given: a reconnecting client's last id), then its unread
     * counts and its saved searches' new rooms, then whatever arrives.
     */
    add(stream: LiveStream, after: number | null): boolean {
      if (count(stream.userId) >= MAX_STREAMS_PER_PERSON) return false
      if (after !== null) stream.cursor = after
      joining.push({ stream, after })
      schedule()
      return true
    },
    remove(stream: LiveStream) {
      nextBeat.delete(stream)
      const set = streams.get(stream.userId)
      set?.delete(stream)
      if (set?.size === 0) streams.delete(stream.userId)
    },
    size: () => [...streams.values()].reduce((total, set) => total + set.size, 0),
    /** A payload from the channel. */
    notify(payload: string) {
      const notice = parseNotice(payload)
      if (notice?.t === 's') {
        // At once, not in a batch: nothing more may reach a signed-out session, and nothing needs reading.
        onSessionEnded?.()
        const ended = [...of(notice.u), ...joining.map(({ stream }) => stream)]
        ended.filter((stream) => stream.sessionId === notice.s).forEach((stream) => stream.sink.end())
        return
      }
      // While streams are joining, every notice is kept: one may be theirs.
      if (!notice || (joining.length === 0 && !notice.u.some((id) => streams.has(id)))) return
      notices.push(notice)
      schedule()
    },
    /**
     * After the listening connection was lost: notices may have been missed. Streams that have a message resume
     * from it; the others are asked to load what they show again.
     */
    resync() {
      for (const set of streams.values())
        for (const stream of set) {
          if (stream.cursor > 0) joining.push({ stream, after: stream.cursor })
          else stream.sink.write(eventFrame('resync', {}))
        }
      schedule()
    },
    /** Ends every stream (shutdown): browsers reconnect, to another process if this one is going. */
    close() {
      clearInterval(beat)
      for (const set of streams.values()) for (const stream of set) stream.sink.end()
      streams.clear()
    },
  }
}

export type LiveHub = ReturnType<typeof createLiveHub>
