import pino from 'pino'
import type { FastifyBaseLogger } from 'fastify'
import { openDatabase } from '../db/client.ts'
import { mailClaim } from '../db/schema/index.ts'
import { createJobRunner } from '../jobs/job-runner.ts'
import { createMailer, type Mailer } from '../mail/mailer.ts'
import { savedSearchAlertJobs } from '../saved-searches/alert-jobs.ts'
import { ALERT_WINDOW_MS } from '../saved-searches/alerts.ts'
import { stalled } from './processes.ts'

// A process that works the saved-search matcher and instant alert jobs, for alerts-kill.test.ts to kill -9 mid-run:
// on DATABASE_URL or the embedded DATA_DIR, mailing through SMTP_URL. At its start the matcher is woken (as by the
// trigger's notification) for the rooms already queued, and queues their alert. PAUSE stops the run for good at one point and logs `paused <where>`, for the kill to land there:
// - `before-send`: the run has named its batches (committed) and is about to claim the first mail;
// - `after-send`: a mail went out and the run is about to mark its rooms mailed.
const env = process.env
const log = pino({ level: 'info' }) as unknown as FastifyBaseLogger
const database = await openDatabase(
  env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR! },
)
const pause = env.PAUSE
let delivered = 0

/** A promise (and a query builder's chain) that never settles: the run waits there until the process dies. */
function stopHere(where: string): never {
  console.log(`paused ${where}`)
  return stalled()
}

const db = new Proxy(database.db, {
  get(target, key, receiver) {
    if (key === 'insert' && pause === 'before-send')
      return (table: unknown) =>
        table === mailClaim ? stopHere('before-send') : target.insert(table as never)
    if (key === 'execute' && pause === 'after-send' && delivered > 0) return () => stopHere('after-send')
    return Reflect.get(target, key, receiver) as unknown
  },
})

const smtp = createMailer(
  { smtpUrl: env.SMTP_URL, mailFrom: 'hi@nestmate.test', dataDir: env.DATA_DIR! },
  log,
)
const mailer: Pick<Mailer, 'deliver'> = {
  async deliver(mail) {
    await smtp.deliver(mail)
    delivered++
  },
}
const config = {
  baseUrl: 'http://localhost:3000',
  authSecret: env.AUTH_SECRET!,
  currency: 'USD',
  alertWindowMs: ALERT_WINDOW_MS,
}
// The jobs as the app defines them (the matcher the write wakes, the instant alert), with expiry and retry delay
// shortened from minutes to seconds: on PostgreSQL a killed run is retried only once it has expired, and this test
// should take seconds. The clock is moved past the burst window of the rooms already posted, so their alert is due.
const jobs = savedSearchAlertJobs(mailer, config)
  .filter((job) => job.name !== 'saved-search-daily')
  .map((job) => ({ ...job, expireSeconds: 3, retry: { limit: 3, delaySeconds: 1 } }))
const runner = createJobRunner({
  database: { ...database, db },
  log,
  jobs,
  maintenanceSeconds: 1,
  // A run a killed process left on PostgreSQL is found by polling once expired: each second, not each 20.
  pollingSeconds: 1,
  movableClock: true,
})
await runner.init()
await runner.moveClock(ALERT_WINDOW_MS)
await runner.start()
process.on('SIGTERM', () => {
  void (async () => {
    await runner.stop()
    await smtp.close()
    await database.close()
  })()
})
