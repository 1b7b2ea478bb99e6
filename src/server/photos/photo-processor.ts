import { type ChildProcess, fork } from 'node:child_process'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { HttpError } from '../plugins/errors.ts'
import type { ProcessedPhoto } from './process-photo.ts'
import { createProcessingQueue } from './processing-queue.ts'

/** What the app sends the photo process: one upload's bytes, as they arrived. */
export type ProcessorJob = { id: number; chunks: Uint8Array[] }
/** What the photo process answers: the stored sizes, a refusal a client can act on, or an unexpected failure. */
export type ProcessorAnswer =
  | { ready: true }
  | { id: number; photo: ProcessedPhoto }
  | { id: number; refused: { status: number; message: string } }
  | { id: number; failed: string }

type Waiting = {
  resolve: (photo: ProcessedPhoto) => void
  reject: (error: Error) => void
  timer: NodeJS.Timeout | undefined
}

const CHILD = fileURLToPath(new URL('./photo-child.ts', import.meta.url))
// The child is TypeScript like the rest of the server: it loads with the same loader, found from here (not from
// the working directory, nor from this process's flags, which a test runner sets its own way).
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href

const UNAVAILABLE = 'The photo could not be processed just now; try again in a minute.'

export type PhotoProcessorOptions = {
  /** How long one photo may take in the process before it is stopped and the upload answered 503. */
  timeoutMs?: number
  /** Told when the process ends while it was working on a photo, or a photo fails unexpectedly. */
  onFailure?: (message: string) => void
}

/**
 * Processes uploads in a process of their own (docs/decisions/028): decoding a 12-megapixel photo allocates tens
 * of megabytes, which in the app's process made V8 collect its whole heap every second and paused every
 * request; there it runs at a lower priority, and a crash or a hang in an image decoder costs one upload, not the
 * site. One photo at a time, with a short line (createProcessingQueue); the process starts with `warm()` or the
 * first upload, and again with the next upload after it ends.
 */
export function createPhotoProcessor({ timeoutMs = 60_000, onFailure }: PhotoProcessorOptions = {}) {
  const queued = createProcessingQueue()
  const waiting = new Map<number, Waiting>()
  let child: { process: ChildProcess; ready: Promise<void> } | undefined
  let lastId = 0

  function settle(id: number) {
    const entry = waiting.get(id)
    if (entry) {
      clearTimeout(entry.timer)
      waiting.delete(id)
    }
    return entry
  }

  function start() {
    const started = fork(CHILD, [], {
      execArgv: ['--import', TSX],
      // Buffers travel as bytes (only the part each view covers), not as JSON.
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      // It needs none of the app's configuration, and holds none of its secrets (decoders read untrusted bytes).
      env: {},
    })
    let markReady = () => {}
    const ready = new Promise<void>((resolve) => (markReady = resolve))
    started.on('message', (answer: ProcessorAnswer) => {
      if ('ready' in answer) return markReady()
      const entry = settle(answer.id)
      if (!entry) return
      if ('photo' in answer) {
        const { photo } = answer
        entry.resolve({
          ...photo,
          files: photo.files.map((file) => ({
            width: file.width,
            data: Buffer.from(file.data.buffer, file.data.byteOffset, file.data.byteLength),
          })),
        })
      } else if ('refused' in answer) {
        entry.reject(new HttpError(answer.refused.status, answer.refused.message))
      } else {
        onFailure?.(`photo processing failed: ${answer.failed}`)
        entry.reject(new Error('photo processing failed'))
      }
    })
    const ended = (why: string) => {
      if (child?.process === started) child = undefined
      markReady()
      for (const id of [...waiting.keys()]) {
        onFailure?.(`the photo process ended (${why}) while processing a photo`)
        settle(id)?.reject(new HttpError(503, UNAVAILABLE))
      }
    }
    started.on('exit', (code, signal) => ended(signal ?? `exit code ${code}`))
    // It could not be started, or a message could not be sent: the same as ending, for the photo waiting.
    started.on('error', (error) => {
      ended(error.message)
      started.kill('SIGKILL')
    })
    // Started as the app's helper: it never keeps the app alive, and ends with it (photo-child.ts).
    started.unref()
    started.channel?.unref()
    return { process: started, ready }
  }

  return {
    /** Processes one upload (its chunks, as received); throws the HttpError a client gets. */
    process(chunks: Uint8Array[]): Promise<ProcessedPhoto> {
      return queued(
        () =>
          new Promise<ProcessedPhoto>((resolve, reject) => {
            const worker = (child ??= start())
            const id = ++lastId
            waiting.set(id, { resolve, reject, timer: undefined })
            // Sent once the process listens (a message before that could be lost); it may have ended meanwhile.
            void worker.ready.then(() => {
              const entry = waiting.get(id)
              if (!entry) return
              if (!worker.process.connected) return settle(id)?.reject(new HttpError(503, UNAVAILABLE))
              worker.process.send({ id, chunks } satisfies ProcessorJob)
              entry.timer = setTimeout(() => {
                onFailure?.(`a photo took over ${timeoutMs} ms; its process is stopped`)
                settle(id)?.reject(new HttpError(503, UNAVAILABLE))
                // The next photo gets a new process, without waiting for this one's end to be reported.
                if (child === worker) child = undefined
                worker.process.kill('SIGKILL')
              }, timeoutMs)
            })
          }),
      )
    },

    /** Starts the photo process ahead of the first upload (it takes about half a second). */
    warm() {
      child ??= start()
    },

    /** The photo process's id while it runs (tests stop and kill it). */
    get pid(): number | undefined {
      return child?.process.pid
    },

    /** Stops the photo process; an upload still in it is answered 503. */
    async close() {
      const running = child?.process
      if (!running || running.exitCode !== null || running.signalCode !== null) return
      const ended = new Promise((resolve) => running.once('exit', resolve))
      running.kill()
      await ended
    },
  }
}

export type PhotoProcessor = ReturnType<typeof createPhotoProcessor>
