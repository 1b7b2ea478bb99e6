import { readdirSync } from 'node:fs'
import os from 'node:os'
import { HttpError } from '../plugins/errors.ts'
import type { ProcessorAnswer, ProcessorMessage } from './photo-processor.ts'
import { processPhoto } from './process-photo.ts'

// The process that turns uploads into stored sizes (photo-processor.ts, docs/decisions/028). It runs below the
// app's priority, so a core busy with a photo still answers the app's requests first.

const NICE = 10
/** How long one photo may take (photo-processor.ts passes it as the first argument). */
const budgetMs = Number(process.argv[2]) || undefined

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

// Each upload's chunks as they come; a finished one joins the line, and one photo is processed at a time.
const uploads = new Map<number, Buffer[]>()
let line = Promise.resolve()

const answer = (message: ProcessorAnswer) => process.send?.(message)

async function processUpload(id: number, chunks: Buffer[]) {
  answer({ id, started: true })
  try {
    answer({ id, photo: await processPhoto(Buffer.concat(chunks), { budgetMs }) })
  } catch (error) {
    answer(
      error instanceof HttpError
        ? { id, refused: { status: error.statusCode, message: error.message } }
        : { id, failed: error instanceof Error ? (error.stack ?? error.message) : String(error) },
    )
  }
}

process.on('message', (message: ProcessorMessage) => {
  const { id } = message
  if ('chunk' in message) {
    let chunks = uploads.get(id)
    if (!chunks) uploads.set(id, (chunks = []))
    chunks.push(Buffer.from(message.chunk.buffer, message.chunk.byteOffset, message.chunk.byteLength))
  } else if ('end' in message) {
    const chunks = uploads.get(id) ?? []
    uploads.delete(id)
    line = line.then(() => processUpload(id, chunks))
  } else {
    uploads.delete(id)
  }
})

process.send?.({ ready: true })
