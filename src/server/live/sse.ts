import { PassThrough } from 'node:stream'
import { z } from 'zod'

// Server-Sent Events as the browser's EventSource reads them: `field: value` lines, a blank line after each event.
// Only message events carry an `id:`, so a reconnecting EventSource sends back the last message id it has.

/**
 * The 200 answer of an event stream, as a route declares it. The published API shows it as `text/event-stream`
 * (openapi/route-operation.ts); Fastify sends the stream as it is, unserialized.
 */
export const EventStreamSchema = z
  // Unknown to the type provider: the handler sends a stream, which Fastify passes on as it is.
  .unknown()
  .describe(
    'Server-Sent Events (`text/event-stream`): `message` (a message; `id:` its id), `read`, `block`, `unread`, ' +
      '`saved-searches` (`newRooms`: the rooms new to the saved searches) and `resync` events, and a heartbeat ' +
      'comment every 25 s. Reconnect with `Last-Event-ID` to resume.',
  )

/** How long EventSource waits before reconnecting after the stream ends. */
export const RETRY_MS = 2000
/** A client that reads slower than this much is queued for is cut off; it resumes from its last id. */
const MAX_QUEUED_BYTES = 1024 * 1024

export function eventFrame(event: string, data: unknown, id?: number): string {
  return `${id === undefined ? '' : `id: ${id}\n`}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

/** A comment line: ignored by EventSource, it keeps proxies and the browser from thinking the stream died. */
export const HEARTBEAT = ': heartbeat\n\n'

export type SseSink = {
  /** The body Fastify sends. */
  readonly body: PassThrough
  write(frame: string): void
  end(): void
  readonly closed: boolean
}

/** The body of one event stream, ended when the client goes away or can't keep up. */
export function createSseSink(onClose: () => void): SseSink {
  const body = new PassThrough()
  let closed = false
  const close = () => {
    if (closed) return
    closed = true
    onClose()
  }
  body.on('close', close)
  body.on('error', close)
  body.write(`retry: ${RETRY_MS}\n\n`)
  return {
    body,
    write(frame) {
      if (closed) return
      if (body.writableLength > MAX_QUEUED_BYTES) return this.end()
      body.write(frame)
    },
    end() {
      if (!body.writableEnded) body.end()
      close()
    },
    get closed() {
      return closed
    },
  }
}
