import { useSyncExternalStore } from 'react'
import { API } from '#shared/api.ts'
import type { BlockEvent, Message, ReadEvent, Unread } from '#shared/conversations.ts'

// The signed-in person's live stream (GET /api/live, Server-Sent Events; docs/decisions/038): one EventSource per
// tab, opened once signed in and closed at sign-out. It keeps the unread counts for the badge and passes every
// event on to whoever listens (an open conversation).

export type LiveEvent =
  | { type: 'message'; message: Message }
  | { type: 'read'; read: ReadEvent }
  | { type: 'block'; block: BlockEvent }
  /** How many rooms are new to the person's saved searches: one was matched, or a search opened. */
  | { type: 'saved-searches'; newRooms: number }
  /** (Re)connected, or told to: anything shown from the API may have missed events, so load what is new. */
  | { type: 'resync' }

type Listener = (event: LiveEvent) => void

// EventSource retries a dropped connection by itself, sending the last id; an answer it can't use (401, 429, 503)
// closes it for good, and then we open a new one, waiting longer each time.
const RETRY_MS = [2_000, 5_000, 15_000, 60_000]

let source: EventSource | undefined
let liveUserId: string | undefined
let lastId: string | undefined
let retries = 0
let retryTimer: ReturnType<typeof setTimeout> | undefined
let unread: Unread | null = null
const listeners = new Set<Listener>()
const watchers = new Set<() => void>()

const emit = (event: LiveEvent) => listeners.forEach((listener) => listener(event))

/** Sets the badge's counts (from the stream, or an answer that carries them such as marking read). */
export function setUnread(counts: Unread) {
  if (unread?.conversations === counts.conversations && unread.messages === counts.messages) return
  unread = counts
  watchers.forEach((watch) => watch())
}

function open() {
  const url = lastId ? `${API.live}?after=${encodeURIComponent(lastId)}` : API.live
  const stream = new EventSource(url)
  source = stream
  stream.addEventListener('open', () => {
    retries = 0
    emit({ type: 'resync' })
  })
  stream.addEventListener('message', (event) => {
    if (event.lastEventId) lastId = event.lastEventId
    emit({ type: 'message', message: JSON.parse(event.data) as Message })
  })
  stream.addEventListener('unread', (event) => setUnread(JSON.parse(event.data) as Unread))
  stream.addEventListener('read', (event) =>
    emit({ type: 'read', read: JSON.parse(event.data) as ReadEvent }),
  )
  stream.addEventListener('block', (event) =>
    emit({ type: 'block', block: JSON.parse(event.data) as BlockEvent }),
  )
  stream.addEventListener('saved-searches', (event) =>
    emit({ type: 'saved-searches', newRooms: (JSON.parse(event.data) as { newRooms: number }).newRooms }),
  )
  stream.addEventListener('resync', () => emit({ type: 'resync' }))
  stream.addEventListener('error', () => {
    if (stream.readyState !== EventSource.CLOSED || source !== stream) return
    source = undefined
    const wait = RETRY_MS[Math.min(retries, RETRY_MS.length - 1)]!
    retries++
    retryTimer = setTimeout(() => {
      retryTimer = undefined
      open()
    }, wait)
  })
}

/** Opens the stream of the signed-in person `userId`, if it isn't open already. */
export function startLive(userId: string) {
  if (typeof EventSource === 'undefined') return
  if (liveUserId !== userId) stopLive()
  if (source || retryTimer) return
  liveUserId = userId
  open()
}

/** Closes it (signed out): nothing of the last person stays. */
export function stopLive() {
  source?.close()
  source = undefined
  liveUserId = undefined
  clearTimeout(retryTimer)
  retryTimer = undefined
  lastId = undefined
  retries = 0
  unread = null
  watchers.forEach((watch) => watch())
}

/** Every live event from now on, until the returned function is called. */
export function onLive(listener: Listener): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

const subscribe = (watch: () => void) => {
  watchers.add(watch)
  return () => watchers.delete(watch)
}

/** The unread counts, live; null before the stream has told them. */
export function useUnread(): Unread | null {
  return useSyncExternalStore(
    subscribe,
    () => unread,
    () => null,
  )
}
