import { readdirSync, readFileSync } from 'node:fs'
import { afterEach, expect, test } from 'vitest'
import { createPhotoProcessor, type PhotoProcessor } from './photo-processor.ts'
import { processPhoto, TOO_SLOW } from './process-photo.ts'
import { isRunning } from '../test/processes.ts'
import { noisyPng, phoneJpeg, png } from './test-images.ts'

let processor: PhotoProcessor | undefined
afterEach(() => processor?.close())

/** A file already whole, as the upload route would pass it on. */
function processWhole(target: PhotoProcessor, chunks: Uint8Array[]) {
  const upload = target.begin(chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0))
  for (const chunk of chunks) upload.write(chunk)
  return upload.finish()
}

/** Splits a file into pieces, as an upload arrives. */
const chunksOf = (data: Buffer, size = 64 * 1024) =>
  Array.from({ length: Math.ceil(data.length / size) }, (_, i) => data.subarray(i * size, (i + 1) * size))

test('a photo processed in the photo process is the photo processed here, byte for byte', async () => {
  processor = createPhotoProcessor()
  const jpeg = await phoneJpeg()
  const there = await processWhole(processor, chunksOf(jpeg))
  const here = await processPhoto(jpeg)
  expect(there.key).toBe(here.key)
  expect({ ...there, files: undefined }).toEqual({ ...here, files: undefined })
  expect(there.files.map((file) => file.width)).toEqual(here.files.map((file) => file.width))
  for (const [i, file] of there.files.entries()) {
    expect(Buffer.isBuffer(file.data)).toBe(true)
    expect(file.data.equals(here.files[i]!.data)).toBe(true)
  }
})

test('a refused file is the same clear refusal, and the process goes on', async () => {
  processor = createPhotoProcessor()
  const script = Buffer.from('#!/bin/sh\necho owned\n')
  await expect(processWhole(processor, [script])).rejects.toMatchObject({
    statusCode: 415,
    message: 'This file is not a JPEG, PNG, WebP or AVIF picture.',
  })
  const pid = processor.pid
  await expect(processWhole(processor, [await png()])).resolves.toMatchObject({ width: 640, height: 480 })
  expect(processor.pid).toBe(pid)
})

test.runIf(process.platform === 'linux')(
  'the photo process runs below the app, without its configuration',
  async () => {
    processor = createPhotoProcessor()
    await processWhole(processor, [await png()])
    const pid = processor.pid!
    // Field 19 of /proc/<pid>/task/<tid>/stat is the thread's nice value (after the name, which is in parentheses).
    const nice = (tid: string) =>
      Number(readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')[16])
    const threads = readdirSync(`/proc/${pid}/task`)
    expect(threads.length).toBeGreaterThan(1)
    expect(threads.map(nice)).toEqual(threads.map(() => 10))
    // Decoders read untrusted bytes: the process holding them has no secret to give away.
    const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').filter(Boolean)
    // Only what Node sets up for the channel between the two processes.
    expect(environment.map((entry) => entry.split('=')[0])).toEqual([
      'NODE_CHANNEL_FD',
      'NODE_CHANNEL_SERIALIZATION_MODE',
    ])
  },
)

test('a photo process that hangs is stopped: that upload is a 503, the next one gets a new process', async () => {
  const failures: string[] = []
  processor = createPhotoProcessor({ timeoutMs: 1500, onFailure: (message) => failures.push(message) })
  processor.warm()
  await processWhole(processor, [await png()])
  const hung = processor.pid!
  process.kill(hung, 'SIGSTOP')
  await expect(processWhole(processor, [await phoneJpeg()])).rejects.toMatchObject({ statusCode: 503 })
  expect(failures[0]).toMatch(/no progress in 1500 ms/)
  await expect.poll(() => isRunning(hung)).toBe(false)
  await expect(processWhole(processor, [await png()])).resolves.toMatchObject({ width: 640 })
  expect(processor.pid).not.toBe(hung)
})

test('a photo over its budget is refused alone: the uploads behind it are processed by the same process', async () => {
  const failures: string[] = []
  processor = createPhotoProcessor({ photoBudgetMs: 1000, onFailure: (message) => failures.push(message) })
  // 2,000 × 8,000 of colour noise: within every limit of the header, and seconds of encoding even on an idle core.
  const heavy = processWhole(processor, [noisyPng(2000, 8000)])
  const next = processWhole(processor, [await png(64, 48)])
  await expect(heavy).rejects.toMatchObject({ statusCode: 413, message: TOO_SLOW })
  const pid = processor.pid
  await expect(next).resolves.toMatchObject({ width: 64, height: 48 })
  expect(processor.pid).toBe(pid)
  expect(failures).toEqual([])
})

test('a photo process that dies mid-photo costs that upload a 503, not the app', async () => {
  const failures: string[] = []
  processor = createPhotoProcessor({ onFailure: (message) => failures.push(message) })
  await processWhole(processor, [await png()])
  const jpeg = await phoneJpeg(4000, 3000)
  const first = processWhole(processor, [jpeg])
  // It is decoding the 12-megapixel photo (half a second): kill it as a crashing decoder would end.
  await new Promise((resolve) => setTimeout(resolve, 100))
  const pid = processor.pid!
  process.kill(pid, 'SIGKILL')
  await expect(first).rejects.toMatchObject({ statusCode: 503 })
  expect(failures).toEqual([expect.stringMatching(/ended \(SIGKILL\) holding 1 upload/)])
  await expect(processWhole(processor, [await png()])).resolves.toMatchObject({ width: 640 })
})

test('an upload streamed in chunks, refused halfway or broken off, leaves the next ones whole', async () => {
  processor = createPhotoProcessor()
  const jpeg = await phoneJpeg()
  // Two uploads arriving at once, their chunks interleaved; a third cancelled after its first chunk.
  const a = processor.begin(jpeg.length)
  const b = processor.begin(jpeg.length)
  const c = processor.begin(jpeg.length)
  const chunks = chunksOf(jpeg, 10_000)
  c.write(chunks[0]!)
  for (const chunk of chunks) {
    a.write(chunk)
    b.write(chunk)
  }
  c.cancel()
  const [first, second] = await Promise.all([a.finish(), b.finish()])
  expect(first.key).toBe((await processPhoto(jpeg)).key)
  expect(second.key).toBe(first.key)
  await expect(c.finish()).rejects.toMatchObject({ statusCode: 503 })
})

test('one photo at a time; past the line, an upload is a 503 before any processing', async () => {
  processor = createPhotoProcessor({ line: 1 })
  const jpeg = await phoneJpeg()
  const done: string[] = []
  const upload = (name: string) =>
    processWhole(processor!, [jpeg]).then((photo) => {
      done.push(name)
      return photo
    })
  const [a, b] = [upload('a'), upload('b')]
  await expect(upload('c')).rejects.toMatchObject({
    statusCode: 503,
    message: 'The server is busy with other photos; try again in a minute.',
  })
  await Promise.all([a, b])
  expect(done).toEqual(['a', 'b'])
  // The line is free again.
  await expect(upload('d')).resolves.toMatchObject({ width: 800, height: 1200 })
})

test('uploads may hold only so many bytes in the photo process: past that, a 503 saying when to try again', async () => {
  processor = createPhotoProcessor({ bytesInFlight: 10_000_000 })
  const jpeg = await phoneJpeg()
  // Two uploads still arriving, declared at 4 MB each, hold 8 MB.
  const [a, b] = [processor.begin(4_000_000), processor.begin(4_000_000)]
  let refusal: unknown
  try {
    processor.begin(4_000_000)
  } catch (error) {
    refusal = error
  }
  expect(refusal).toMatchObject({
    statusCode: 503,
    message: 'The server is busy with other photos; try again in a minute.',
    retryAfterSeconds: 60,
  })
  // One ends (broken off): its room is free again; the other is processed and frees its room too.
  a.cancel()
  const c = processor.begin(4_000_000)
  b.write(jpeg)
  await expect(b.finish()).resolves.toMatchObject({ width: 800 })
  c.cancel()
  expect(processor.bytesReserved).toBe(0)
})

test('closing ends the photo process', async () => {
  processor = createPhotoProcessor()
  processor.warm()
  const pid = processor.pid!
  expect(isRunning(pid)).toBe(true)
  await processor.close()
  expect(isRunning(pid)).toBe(false)
  expect(processor.pid).toBeUndefined()
})
