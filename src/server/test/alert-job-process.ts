import { savedSearchAlertJobs } from '../saved-searches/alert-jobs.ts'
import { ALERT_WINDOW_MS } from '../saved-searches/alerts.ts'
import { runPausableJobs } from './pausable-job-process.ts'

// A process that works the saved-search matcher and instant alert jobs, for alerts-kill.test.ts to kill -9 mid-run
// (PAUSE: see pausable-job-process.ts). At its start the matcher is woken (as by the trigger's notification) for the
// rooms already queued, and queues their alert; the clock is moved past the burst window of those rooms, so their
// alert is due.
const config = {
  baseUrl: 'http://localhost:3000',
  authSecret: process.env.AUTH_SECRET!,
  currency: 'USD',
  alertWindowMs: ALERT_WINDOW_MS,
}
await runPausableJobs(
  (mailer) => savedSearchAlertJobs(mailer, config).filter((job) => job.name !== 'saved-search-daily'),
  { movableClock: true, beforeStart: (runner) => runner.moveClock(ALERT_WINDOW_MS) },
)
