import type { AddressInfo } from 'node:net'
import { beforeAll, describe, expect, test } from 'vitest'
import { CONNECTION_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../app.ts'
import { phoneJpeg } from '../../photos/test-images.ts'
import { createListing, signUp, useTestApp, type TestAppOptions } from '../../test/app.ts'
import { rawUpload, type RawAnswer } from './test-requests.ts'

// Uploads over real sockets, their bodies sent slowly, partly or not at all (docs/decisions/034). Each app has
// limits small enough to reach in a test.

const MB = 1024 * 1024
// Three different pictures (the same one twice on a listing would be the photo already there).
const [jpeg, jpeg2, jpeg3] = await Promise.all([
  phoneJpeg(1200, 800),
  phoneJpeg(1000, 800),
  phoneJpeg(800, 600),
])

function useListeningApp(photoLimits: TestAppOptions['photoLimits']) {
  const t = useTestApp({}, { photoLimits })
  let port = 0
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as AddressInfo).port
  })
  return {
    t,
    /** A new person with a new listing, and a way to start their uploads to it. */
    async owner() {
      const owner = await signUp(t.app)
      const listingId = await createListing(t.app, owner)
      return (declaredBytes: number) => rawUpload(port, owner, listingId, declaredBytes)
    },
  }
}

/** A refusal that closes the connection (the body's unread rest is never read) and says when to try again. */
function expectRefused(answer: RawAnswer, status: number, error: string | RegExp, retryAfter: string) {
  expect(answer.status).toBe(status)
  expect(JSON.parse(answer.body)).toEqual({
    error: typeof error === 'string' ? error : expect.stringMatching(error),
  })
  expect(answer.headers['retry-after']).toBe(retryAfter)
  expect(answer.headers.connection).toBe('close')
}

type Upload = ReturnType<typeof rawUpload>

/** Of uploads started at once, the one answered while none has sent its body; the others, still waiting. */
async function firstAnswered(uploads: Upload[]) {
  const index = await Promise.race(uploads.map((upload, i) => upload.answer.then(() => i)))
  return { refused: uploads[index]!, waiting: uploads.filter((_, i) => i !== index) }
}

describe('a body that stalls or crawls', () => {
  const app = useListeningApp({
    windowMs: 1000,
    minBytesPerWindow: 8 * 1024,
    deadlineMs: 3000,
    bytesInFlight: 20 * MB,
  })

  test('the server itself cuts any request that takes minutes to arrive, and a connection silent for minutes', () => {
    expect(app.t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS)
    expect(app.t.app.server.timeout).toBe(CONNECTION_TIMEOUT_MS)
    // A 15 MB photo still arrives over 0.4 Mbit/s.
    expect(((15 * MB * 8) / 400_000) * 1000).toBeLessThan(REQUEST_TIMEOUT_MS)
  })

  test('one that stops arriving is given up: a 408 saying so, and the connection closed', async () => {
    const upload = (await app.owner())(14 * MB)
    upload.begin(jpeg.subarray(0, 32 * 1024))
    expectRefused(await upload.answer, 408, 'The upload stalled; check your connection and try again.', '5')
    await upload.closed
  })

  test('a trickle, a byte at a time, is given up the same way', async () => {
    const upload = (await app.owner())(14 * MB)
    upload.begin(Buffer.alloc(0))
    const trickle = setInterval(() => upload.write(Buffer.from([0xff])), 20)
    try {
      expectRefused(await upload.answer, 408, /stalled/, '5')
    } finally {
      clearInterval(trickle)
    }
  })

  test('one that keeps coming but too slowly to finish in time is given up at the deadline', async () => {
    const upload = (await app.owner())(14 * MB)
    upload.begin(jpeg.subarray(0, 1024))
    // 320 kB a second: never stalled, but 14 MB would take 45 s.
    const crawl = setInterval(() => upload.write(Buffer.alloc(32 * 1024, 0x55)), 100)
    try {
      expectRefused(await upload.answer, 408, /took too long/, '5')
    } finally {
      clearInterval(crawl)
    }
  })

  test('what the given-up uploads declared is held no more: a whole photo declared at 14 MB goes through', async () => {
    // With 20 MB in flight allowed, one earlier upload still counted would make this a 503.
    const upload = (await app.owner())(14 * MB)
    upload.begin(jpeg)
    upload.end(Buffer.alloc(0))
    expect((await upload.answer).status).toBe(201)
    upload.socket.destroy()
  })
})

describe('uploads at once', () => {
  // A stall window long enough that the uploads held open here are never cut.
  const app = useListeningApp({ windowMs: 15_000, minBytesPerWindow: 1, bytesInFlight: 16 * MB })

  test("a person's third upload at once is a 429 before its body is read; the other two go on", async () => {
    const start = await app.owner()
    const { refused, waiting } = await firstAnswered([start(MB), start(MB), start(MB)])
    expectRefused(
      await refused.answer,
      429,
      'You are already uploading 2 photos; wait for one to finish.',
      '10',
    )
    await refused.closed
    for (const [i, upload] of waiting.entries()) {
      upload.begin([jpeg, jpeg2][i]!)
      upload.end(Buffer.alloc(0))
    }
    for (const upload of waiting) expect((await upload.answer).status).toBe(201)
    // Their places are free again.
    const next = start(MB)
    next.begin(jpeg3)
    next.end(Buffer.alloc(0))
    expect((await next.answer).status).toBe(201)
    for (const upload of [...waiting, next]) upload.socket.destroy()
  })

  test("everyone's uploads together may hold only so much: past it a 503, and a client that leaves frees its room", async () => {
    const [a, b, c] = await Promise.all([app.owner(), app.owner(), app.owner()])
    // 7 MB declared each; 16 MB allowed in flight.
    const { refused, waiting } = await firstAnswered([a(7 * MB), b(7 * MB), c(7 * MB)])
    expectRefused(
      await refused.answer,
      503,
      'The server is busy with other photos; try again in a minute.',
      '60',
    )
    const [leaving, staying] = waiting as [Upload, Upload]
    leaving.begin(jpeg.subarray(0, 1024))
    leaving.socket.destroy()
    // Once the server has seen it leave, a new 7 MB upload fits again.
    const d = await app.owner()
    await expect
      .poll(async () => {
        const upload = d(7 * MB)
        upload.begin(jpeg)
        upload.end(Buffer.alloc(0))
        const { status } = await upload.answer
        upload.socket.destroy()
        return status
      })
      .toBe(201)
    staying.begin(jpeg)
    staying.end(Buffer.alloc(0))
    expect((await staying.answer).status).toBe(201)
    staying.socket.destroy()
  })
})
