import sharp from 'sharp'
import { HttpError } from '../plugins/errors.ts'

// On a 2-core machine one image decoding on both cores would leave none for answering requests, and sharp's work
// runs in libuv's thread pool (4 threads), which file reads share: four photos at once would stall serving the
// built app and the photos themselves. So a process works on one photo at a time, with one libvips thread, and
// keeps a short line (each waiting upload holds its file in memory, at most 15 MB). See docs/decisions/026.
sharp.concurrency(1)
// libvips' operation cache keeps decoded pixels of recent inputs; uploads are never the same twice.
sharp.cache(false)

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
