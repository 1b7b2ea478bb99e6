import { z } from 'zod'
import { defineJob } from '../jobs/define-job.ts'
import { runSignals } from './run-signals.ts'

/**
 * Woken by each write the triggers queue (their notification, in every process working the jobs; decision 102), and
 * every minute and at each start as the safety net, one run at a time across processes: looks at what was posted
 * since the last run and files the system's own reports (run-signals.ts). The queue table holds the state, so a
 * failed run is the next one's work.
 */
export const signalsJob = defineJob({
  name: 'signals',
  parse: (data) => z.object({}).parse(data),
  every: '* * * * *',
  atStart: true,
  wokenBy: 'signal_check',
  oneAtATime: true,
  expireSeconds: 120,
  retry: { limit: 2, delaySeconds: 10 },
  async run(_data, { db, signal, log }) {
    const { checked, filed } = await runSignals(db, signal)
    if (filed > 0) log.info(`signals: looked at ${checked} new things, filed ${filed} reports`)
  },
})
