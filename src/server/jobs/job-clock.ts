import type { DatabaseHandle } from '../db/client.ts'
import { shiftWaitingJobs } from './queue-internals.ts'

/**
 * The time jobs see. It is the system's, plus whatever a test moved it by: a test runs tomorrow's job now by
 * moving the clock a day, without waiting a day. The queue decides what is due by the database's clock, which
 * can't be moved, so moving this one brings every waiting job as much earlier, and a time given to `send` is
 * turned back into the database's.
 */
export function createJobClock(database: DatabaseHandle, movable: boolean) {
  let offsetMs = 0
  return {
    now: () => new Date(Date.now() + offsetMs),
    toQueueTime: (at: Date) => new Date(at.getTime() - offsetMs),
    async move(ms: number) {
      if (!movable) throw new Error("This job runner keeps the system's time; only a test's clock moves.")
      offsetMs += ms
      await shiftWaitingJobs(database.execute, ms)
    },
  }
}
