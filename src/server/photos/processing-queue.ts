import { HttpError } from '../plugins/errors.ts'

// One photo at a time per process, and a short line: each waiting upload holds its file in memory (at most
// 15 MB). See docs/decisions/026 and 028.
export const PROCESSING_LINE = 8

/** Runs `work` once the photos before it are done; refuses (503) when the line is full. */
export function createProcessingQueue(running = 1, waiting = PROCESSING_LINE) {
  let active = 0
  const line: (() => void)[] = []
  return async function queued<T>(work: () => Promise<T>): Promise<T> {
    if (active >= running) {
      if (line.length >= waiting)
        throw new HttpError(503, 'The server is busy with other photos; try again in a minute.')
      await new Promise<void>((resolve) => line.push(resolve))
    } else {
      active++
    }
    try {
      return await work()
    } finally {
      const next = line.shift()
      // The finished task's place passes straight to the next one in line.
      if (next) next()
      else active--
    }
  }
}
