import { z } from 'zod'
import { defineJob } from '../jobs/define-job.ts'
import { refreshReplyStats } from './reply-stats.ts'

/**
 * Every 5 minutes and at each start: the response stats of the people whose conversations changed, so what pages
 * show is at most 10 minutes old (decision 088).
 */
export const replyStatsJob = defineJob({
  name: 'reply-stats',
  parse: (data) => z.object({}).parse(data),
  every: '*/5 * * * *',
  atStart: true,
  oneAtATime: true,
  expireSeconds: 240,
  retry: { limit: 3, delaySeconds: 30 },
  async run(_data, { db, now, signal }) {
    await refreshReplyStats(db, now(), signal)
  },
})
