import { setImmediate as yieldToRequests } from 'node:timers/promises'
import { z } from 'zod'
import { defineJob } from '../jobs/define-job.ts'
import { deleteExpiredBatch, SWEEPS } from './cleanup-repository.ts'

// Small batches: on the embedded database a statement holds the process's one thread, so a request arriving
// meanwhile waits for at most one batch (docs/architecture.md §10).
export const CLEANUP_BATCH = 500

/**
 * Deletes expired sessions, expired verification tokens and rate-limit counters no window still needs, every
 * ten minutes and at each start, one batch at a time. A run that reaches its time (the signal) stops between
 * batches and counts as done: the next run carries on.
 */
export const cleanupJob = defineJob({
  name: 'cleanup',
  parse: (data) => z.object({}).parse(data),
  every: '*/10 * * * *',
  atStart: true,
  oneAtATime: true,
  expireSeconds: 15,
  retry: { limit: 3, delaySeconds: 5 },
  async run(_data, { db, now, signal, log }) {
    const cutoff = now()
    for (const sweep of SWEEPS) {
      let total = 0
      for (;;) {
        if (signal.aborted) break
        const deleted = await deleteExpiredBatch(db, sweep, cutoff, CLEANUP_BATCH)
        total += deleted
        if (deleted < CLEANUP_BATCH) break
        await yieldToRequests()
      }
      if (total > 0) log.info(`cleanup: deleted ${total} ${sweep.name}`)
    }
  },
})
