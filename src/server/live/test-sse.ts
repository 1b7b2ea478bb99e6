import http from 'node:http'

// A Server-Sent Events client for tests: a real HTTP connection, parsed as EventSource parses it (tests only).

export type SseEvent = { event: string; data: string; id?: string; comment?: string }

export type SseClient = {
  status: number
  /** Every event so far, comments (heartbeats) included as event ''. */
  events: SseEvent[]
  /** The first event from now on or not yet taken that matches; fails after timeoutMs. */
  next(match: (event: SseEvent) => boolean, timeoutMs?: number): Promise<SseEvent>
  /** Resolves when the server ended the stream. */
  ended: Promise<void>
  close(): void
}

export async function openSse(
  url: string,
  { cookie, lastEventId }: { cookie?: string; lastEventId?: string } = {},
): Promise<SseClient> {
  // node:http rather than fetch: destroying its request closes the connection at once, as a browser leaving does.
  const request = http.get(url, {
    headers: {
      accept: 'text/event-stream',
      ...(cookie ? { cookie } : {}),
      ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
    },
  })
  const response = await new Promise<http.IncomingMessage>((resolve, reject) =>
    request.once('response', resolve).once('error', reject),
  )
  // After close() the request and response report the reset; that is the point, not a failure.
  request.on('error', () => {})
  const events: SseEvent[] = []
  let taken = 0
  const waiters = new Set<() => void>()
  const wake = () => waiters.forEach((waiter) => waiter())
  let finished = false
  let buffer = ''
  response.setEncoding('utf8')
  response.on('data', (chunk: string) => {
    buffer += chunk
    let end: number
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      events.push(parseEvent(buffer.slice(0, end)))
      buffer = buffer.slice(end + 2)
      wake()
    }
  })
  const ended = new Promise<void>((resolve) => {
    const finish = () => {
      finished = true
      wake()
      resolve()
    }
    response.once('end', finish).once('close', finish).once('error', finish)
  })

  return {
    status: response.statusCode ?? 0,
    events,
    ended,
    async next(match, timeoutMs = 5000) {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const index = events.findIndex((event, at) => at >= taken && match(event))
        if (index >= 0) {
          taken = index + 1
          return events[index]!
        }
        const left = deadline - Date.now()
        if (left <= 0 || finished)
          throw new Error(
            `no matching event within ${timeoutMs} ms; got ${JSON.stringify(events.slice(taken))}`,
          )
        await new Promise<void>((resolve) => {
          const done = () => {
            clearTimeout(timer)
            waiters.delete(done)
            resolve()
          }
          const timer = setTimeout(done, left)
          waiters.add(done)
        })
      }
    },
    close: () => request.destroy(),
  }
}

function parseEvent(block: string): SseEvent {
  const event: SseEvent = { event: '', data: '' }
  for (const line of block.split('\n')) {
    const colon = line.indexOf(':')
    const field = colon < 0 ? line : line.slice(0, colon)
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
    if (field === '') event.comment = value
    else if (field === 'event') event.event = value
    else if (field === 'data') event.data = event.data ? `${event.data}\n${value}` : value
    else if (field === 'id') event.id = value
  }
  return event
}

/** A live message event's message. */
export const isMessage = (event: SseEvent) => event.event === 'message'
export const dataOf = <T>(event: SseEvent) => JSON.parse(event.data) as T
