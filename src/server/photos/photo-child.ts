import { readdirSync } from 'node:fs'
import os from 'node:os'
import { HttpError } from '../plugins/errors.ts'
import type { ProcessorAnswer, ProcessorJob } from './photo-processor.ts'
import { processPhoto } from './process-photo.ts'

// The process that turns uploads into stored sizes (photo-processor.ts, docs/decisions/028). It runs below the
// app's priority, so a core busy with a photo still answers the app's requests first.

const NICE = 10

/**
 * Lowers every thread of this process to NICE. On Linux a priority belongs to a thread, and a new thread takes its
 * creator's: so this covers the threads that exist now (libuv's pool may already be running), and those created
 * later take it from the main thread.
 */
function lowerPriority() {
  let threads: string[]
  try {
    threads = readdirSync('/proc/self/task')
  } catch {
    // No /proc: the whole process at once, where the system applies it so.
    os.setPriority(NICE)
    return
  }
  for (const thread of threads) {
    try {
      os.setPriority(Number(thread), NICE)
    } catch {
      // A thread that ended meanwhile.
    }
  }
}
lowerPriority()

// The app went away (closed, or killed): nothing is left to answer.
process.on('disconnect', () => process.exit(0))

process.on('message', (job: ProcessorJob) => {
  const answer = (message: ProcessorAnswer) => process.send?.(message)
  const data = Buffer.concat(job.chunks)
  job.chunks.length = 0
  processPhoto(data).then(
    (photo) => answer({ id: job.id, photo }),
    (error: unknown) =>
      answer(
        error instanceof HttpError
          ? { id: job.id, refused: { status: error.statusCode, message: error.message } }
          : { id: job.id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) },
      ),
  )
})

process.send?.({ ready: true })
