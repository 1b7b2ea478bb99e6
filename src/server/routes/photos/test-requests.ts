import { readdirSync } from 'node:fs'
import { connect } from 'node:net'
import path from 'node:path'
import type { App } from '../../app.ts'
import { multipart } from '../../photos/test-images.ts'
import { BASE_URL, injectAs, type TestUser } from '../../test/app.ts'

/** Uploads one file as a browser's FormData would, as `user` (or anonymously). */
export function uploadAs(
  app: App,
  user: TestUser | null,
  listingId: string,
  data: Buffer,
  options: Parameters<typeof multipart>[1] & { headers?: Record<string, string> } = {},
) {
  const { payload, headers } = multipart(data, options)
  return injectAs(app, user, {
    method: 'POST',
    url: `/api/roommate-listings/${listingId}/photos`,
    payload,
    headers: { ...headers, ...options.headers },
  })
}

/** The files stored for a listing, sorted (none: []). */
export function storedFiles(photosDir: string, listingId: string): string[] {
  try {
    return readdirSync(path.join(photosDir, listingId)).sort()
  } catch {
    return []
  }
}

export type RawAnswer = { status: number; headers: Record<string, string>; body: string }

/**
 * An upload over a real socket, written by hand so a test can send its body as slowly, as partly or as unfinished
 * as it likes: the request's headers go at once, with `declaredBytes` as its Content-Length.
 */
export function rawUpload(port: number, user: TestUser, listingId: string, declaredBytes: number) {
  const boundary = 'nestmate-raw-upload'
  const socket = connect(port, '127.0.0.1')
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
  // A refused upload's unread rest is never read: writing more may meet a closed connection.
  socket.on('error', () => {})
  let received = Buffer.alloc(0)
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    socket.on('data', (data: Buffer) => {
      received = Buffer.concat([received, data])
      const parsed = parseAnswer(received)
      if (parsed) resolve(parsed)
    })
    socket.on('close', () => reject(new Error(`closed without a whole answer: ${received.toString()}`)))
  })
  answer.catch(() => {})
  socket.write(
    [
      `POST /api/roommate-listings/${listingId}/photos HTTP/1.1`,
      'Host: localhost:3000',
      `Origin: ${BASE_URL}`,
      `Cookie: ${user.cookie}`,
      `Content-Type: multipart/form-data; boundary=${boundary}`,
      `Content-Length: ${declaredBytes}`,
      '',
      '',
    ].join('\r\n'),
  )
  let sent = 0
  const write = (bytes: Buffer | string) => {
    sent += Buffer.byteLength(bytes)
    if (!socket.destroyed) socket.write(bytes)
  }
  return {
    socket,
    answer,
    closed,
    /** The part's own headers, then the file's first bytes. */
    begin: (bytes: Buffer) =>
      write(
        Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="room.jpg"\r\n` +
              'Content-Type: image/jpeg\r\n\r\n',
          ),
          bytes,
        ]),
      ),
    /** More of the file. */
    write,
    /** The end of the file and of the form, then filler up to the declared length (after the form, ignored). */
    end: (bytes: Buffer) => {
      write(Buffer.concat([bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]))
      write(Buffer.alloc(Math.max(0, declaredBytes - sent)))
    },
  }
}

/** An HTTP/1.1 answer once it has all come (its body by Content-Length), or undefined until then. */
function parseAnswer(data: Buffer): RawAnswer | undefined {
  const end = data.indexOf('\r\n\r\n')
  if (end < 0) return undefined
  const [statusLine = '', ...lines] = data.subarray(0, end).toString('latin1').split('\r\n')
  const headers = Object.fromEntries(
    lines.map((line) => {
      const colon = line.indexOf(':')
      return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
    }),
  )
  const body = data.subarray(end + 4)
  if (body.length < Number(headers['content-length'] ?? 0)) return undefined
  return { status: Number(statusLine.split(' ')[1]), headers, body: body.toString('utf8') }
}
