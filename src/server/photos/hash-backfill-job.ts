import { z } from 'zod'
import type { Config } from '../env.ts'
import { defineJob } from '../jobs/define-job.ts'
import { runHashBackfill } from './hash-backfill.ts'

/**
 * At each start, one run at a time across processes: hashes the photos stored before perceptual hashes existed
 * (hash-backfill.ts, decision 061). A run its time or a shutdown cuts short fails, so the queue runs it again
 * (in any process) and it carries on where the rows say; with nothing left, a run reads one empty index.
 */
export function photoHashBackfillJob(config: Pick<Config, 'photosDir'>) {
  return defineJob({
    name: 'photo-hash-backfill',
    parse: (data) => z.object({}).parse(data),
    atStart: true,
    oneAtATime: true,
    expireSeconds: 600,
    retry: { limit: 20, delaySeconds: 30 },
    async run(_data, { db, signal, log }) {
      const { hashed, unreadable } = await runHashBackfill(
        { db, photosDir: config.photosDir, log },
        { signal },
      )
      if (hashed + unreadable > 0)
        log.info(`photo hash backfill: hashed ${hashed} photos, ${unreadable} unreadable`)
      if (signal.aborted) throw new Error('photo hash backfill: stopped before the end; the retry carries on')
    },
  })
}
