import { type ChildProcess, fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { HttpError } from '../plugins/errors.ts'
import type { ProcessedPhoto } from './process-photo.ts'

/**
 * What the app sends the photo process: an upload's chunks as they arrive, then its end (process it, after the
 * uploads that ended before it) or its cancellation (drop what came).
 */
export type ProcessorMessage =
  { id: number; chunk: Uint8Array } | { id: number; end: true } | { id: number; cancel: true }
/** What the photo process answers: ready; a photo started; its sizes, a refusal a client can act on, or a failure. */
export type ProcessorAnswer =
  | { ready: true }
  | { id: number; started: true }
  | { id: number; photo: ProcessedPhoto }
  | { id: number; refused: { status: number; message: string } }
  | { id: number; failed: string }

type Child = {
  process: ChildProcess
  ready: boolean
  ended: boolean
  /** Runs while the process has photos to do; each answer starts it again (see `watch`). */
  watchdog?: NodeJS.Timeout
}
type Job = {
  id: number
  child: Child
  /** What the upload may bring (its declared size), held against the cap on bytes in flight until it ends. */
  bytes: number
  /** Chunks that came before the process was ready to listen. */
  held: Uint8Array[]
  resolve?: (photo: ProcessedPhoto) => void
  reject?: (error: Error) => void
}

const CHILD = fileURLToPath(new URL('./photo-child.ts', import.meta.url))
// The child is TypeScript like the rest of the server: it loads with the same loader, found from here (not from
// the working directory, nor from this process's flags, which a test runner sets its own way).
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

/** Uploads that may wait while one is processed: each holds its file in the photo process (at most 15 MB). */
export const PROCESSING_LINE = 8
/**
 * How long one photo may take before it alone is refused (413): about 30 times what a 12-megapixel photo takes
 * on an idle core, and several times the heaviest picture the header checks let through (docs/decisions/034).
 */
export const PHOTO_BUDGET_MS = 20_000
/** Past its budget a photo is answered at once; a process that still shows no progress this much later is stuck. */
const STUCK_AFTER_BUDGET_MS = 10_000

/**
 * Bytes of uploads the photo process may hold at once, arriving or waiting (four photos of the largest size, or
 * about twenty from a phone); an upload that would pass it is a 503 before a byte is read.
 */
export const BYTES_IN_FLIGHT = 64 * 1024 * 1024

const START_ALLOWANCE_MS = 30_000

// Each 503 says when to try again, in its words and in Retry-After.
const RETRY_AFTER_SECONDS = 60
const UNAVAILABLE = 'The photo could not be processed just now; try again in a minute.'
const BUSY = 'The server is busy with other photos; try again in a minute.'
const unavailable = () => new HttpError(503, UNAVAILABLE, RETRY_AFTER_SECONDS)
const busy = () => new HttpError(503, BUSY, RETRY_AFTER_SECONDS)

export type PhotoProcessorOptions = {
  /** How long one photo may take; past it, that upload alone is refused (413) and the next one starts. */
  photoBudgetMs?: number
  /**
   * How long the photo process may go without finishing a step (starting or ending a photo) while it has photos
   * to do; then it is stopped and the uploads it held are answered 503. By default a little past the budget.
   */
  timeoutMs?: number
  /** Uploads that may wait for the one being processed (more are answered 503). */
  line?: number
  /** Bytes the uploads in the photo process may add up to, arriving or waiting (more are answered 503). */
  bytesInFlight?: number
  /** Told when the process ends while it holds uploads, or a photo fails unexpectedly. */
  onFailure?: (message: string) => void
}

/** One upload on its way to the photo process. */
export type PhotoUpload = {
  /** Passes on the next chunk of the file, as it arrived. */
  write(chunk: Uint8Array): void
  /** The file is whole: its photo, once the uploads before it are done, or the HttpError a client gets. */
  finish(): Promise<ProcessedPhoto>
  /** The upload was refused or broke off: what came of it is dropped. */
  cancel(): void
}

/**
 * Processes uploads in a process of their own (docs/decisions/028). Decoding a 12-megapixel photo allocates tens of
 * megabytes, and an upload's body is a few more; held in the app's process they made V8 collect its whole heap
 * every second, pausing every request. Here the app passes each chunk on as it arrives and keeps none; the photo
 * process works at a lower priority, one photo at a time, and a crash or a hang in an image decoder costs the
 * uploads it held a 503, not the site. It starts with `warm()` or the first upload, and again after it ends.
 */
export function createPhotoProcessor({
  photoBudgetMs = PHOTO_BUDGET_MS,
  timeoutMs = photoBudgetMs + STUCK_AFTER_BUDGET_MS,
  line = PROCESSING_LINE,
  bytesInFlight = BYTES_IN_FLIGHT,
  onFailure,
}: PhotoProcessorOptions = {}) {
  const jobs = new Map<number, Job>()
  let child: Child | undefined
  let lastId = 0
  // Uploads whose file is whole and whose photo isn't done yet: the one being processed and those waiting.
  let finished = 0
  // What the uploads begun and not yet ended may bring, by their declared sizes.
  let reserved = 0

  const send = (target: Child, message: ProcessorMessage) => {
    if (target.process.connected) target.process.send(message)
  }

  /** Ends a job: its place, and (when it was finished) its count in the line. */
  function settle(id: number): Job | undefined {
    const job = jobs.get(id)
    if (!job) return undefined
    jobs.delete(id)
    reserved -= job.bytes
    if (job.resolve) {
      finished--
      watch(job.child)
    }
    return job
  }

  /**
   * (Re)starts the process's watchdog while it has finished uploads to process, stops it otherwise. A decoder
   * that hangs, or a process that stops answering, is killed after `timeoutMs` without progress.
   */
  function watch(target: Child) {
    clearTimeout(target.watchdog)
    target.watchdog = undefined
    if (target.ended || ![...jobs.values()].some((job) => job.child === target && job.resolve)) return
    // Starting takes about half a second, and much longer on a machine this busy: it isn't counted as a step.
    const allowed = target.ready ? timeoutMs : timeoutMs + START_ALLOWANCE_MS
    target.watchdog = setTimeout(() => {
      onFailure?.(`the photo process made no progress in ${allowed} ms; it is stopped`)
      // The next upload gets a new process, without waiting for this one's end to be reported.
      if (child === target) child = undefined
      target.process.kill('SIGKILL')
    }, allowed)
  }

  function start(): Child {
    const started: Child = {
      process: fork(CHILD, [String(photoBudgetMs)], {
        execArgv: ['--import', TSX],
        // Buffers travel as bytes (only the part each view covers), not as JSON.
        serialization: 'advanced',
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        // It needs none of the app's configuration, and holds none of its secrets (decoders read untrusted bytes).
        env: {},
      }),
      ready: false,
      ended: false,
    }
    const { process: forked } = started
    forked.on('message', (answer: ProcessorAnswer) => {
      if ('ready' in answer) {
        started.ready = true
        // What came while it started, in order.
        for (const job of jobs.values()) {
          if (job.child !== started) continue
          for (const chunk of job.held.splice(0)) send(started, { id: job.id, chunk })
          if (job.resolve) send(started, { id: job.id, end: true })
        }
        return watch(started)
      }
      if ('started' in answer) return watch(started)
      const job = settle(answer.id)
      if (!job) return
      if ('photo' in answer) {
        const { photo } = answer
        job.resolve?.({
          ...photo,
          files: photo.files.map((file) => ({
            width: file.width,
            data: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength),
          })),
        })
      } else if ('refused' in answer) {
        job.reject?.(new HttpError(answer.refused.status, answer.refused.message))
      } else {
        onFailure?.(`photo processing failed: ${answer.failed}`)
        job.reject?.(new Error('photo processing failed'))
      }
    })
    const ended = (why: string) => {
      if (started.ended) return
      started.ended = true
      clearTimeout(started.watchdog)
      if (child === started) child = undefined
      const lost = [...jobs.values()].filter((job) => job.child === started)
      if (lost.length > 0) onFailure?.(`the photo process ended (${why}) holding ${lost.length} upload(s)`)
      for (const job of lost) settle(job.id)?.reject?.(unavailable())
    }
    forked.on('exit', (code, signal) => ended(signal ?? `exit code ${code}`))
    // It could not be started, or a message could not be sent: the same as ending, for the uploads it held.
    forked.on('error', (error) => {
      ended(error.message)
      forked.kill('SIGKILL')
    })
    // Started as the app's helper: it never keeps the app alive, and ends with it (photo-child.ts).
    forked.unref()
    forked.channel?.unref()
    return started
  }

  return {
    /**
     * Starts one upload that may bring up to `bytes` (its declared size): call before reading its file. Throws a
     * 503 when the uploads already in the photo process hold too much.
     */
    begin(bytes: number): PhotoUpload {
      if (reserved + bytes > bytesInFlight) throw busy()
      reserved += bytes
      const id = ++lastId
      const job: Job = { id, child: (child ??= start()), bytes, held: [] }
      jobs.set(id, job)
      const gone = () => jobs.get(id) !== job || job.child.ended
      const cancel = () => {
        if (gone()) return
        settle(id)
        if (job.child.ready) send(job.child, { id, cancel: true })
      }
      return {
        write(chunk) {
          if (gone()) return
          if (job.child.ready) send(job.child, { id, chunk })
          else job.held.push(chunk)
        },
        finish: () =>
          new Promise<ProcessedPhoto>((resolve, reject) => {
            if (gone()) return reject(unavailable())
            if (finished >= 1 + line) {
              cancel()
              return reject(busy())
            }
            finished++
            Object.assign(job, { resolve, reject })
            if (job.child.ready) send(job.child, { id, end: true })
            watch(job.child)
          }),
        cancel,
      }
    },

    /** Starts the photo process ahead of the first upload (it takes about half a second). */
    warm() {
      child ??= start()
    },

    /** Bytes the uploads begun and not yet ended may bring (tests read it). */
    get bytesReserved(): number {
      return reserved
    },

    /** The photo process's id while it runs (tests stop and kill it). */
    get pid(): number | undefined {
      return child?.process.pid
    },

    /** Stops the photo process (it has nothing to save); uploads it still holds are answered 503. */
    async close() {
      const running = child?.process
      if (!running || running.exitCode !== null || running.signalCode !== null) return
      const exited = new Promise((resolve) => running.once('exit', resolve))
      running.kill('SIGKILL')
      await exited
    },
  }
}

export type PhotoProcessor = ReturnType<typeof createPhotoProcessor>
