import pino from 'pino'
import type { FastifyBaseLogger } from 'fastify'
import { openDatabase } from '../db/client.ts'
import { mailClaim } from '../db/schema/index.ts'
import type { JobDefinition } from '../jobs/define-job.ts'
import { createJobRunner } from '../jobs/job-runner.ts'
import { createMailer, type Mailer } from '../mail/mailer.ts'
import { stalled } from './processes.ts'

type Runner = ReturnType<typeof createJobRunner>

/**
 * The body of a job process a kill test starts (alert-job-process.ts, reliability/mail-jobs-process.ts): on
 * DATABASE_URL or the embedded DATA_DIR, mailing through SMTP_URL, working `jobs` as the app defines them with
 * expiry and retry delay cut to seconds (on PostgreSQL a killed run is retried only once it has expired). PAUSE stops
 * every run for good at one point and logs `paused <where>`, for the kill to land there:
 * - `before-send`: a run is about to claim its first mail (nothing went out);
 * - `after-send`: a mail went out (and no delivery is under way); the run is about to record it or claim the next.
 */
export async function runPausableJobs(
  jobs: (mailer: Pick<Mailer, 'deliver'>) => JobDefinition[],
  options: { movableClock?: boolean; beforeStart?: (runner: Runner) => Promise<void> } = {},
) {
  const env = process.env
  const log = pino({ level: 'info' }) as unknown as FastifyBaseLogger
  const database = await openDatabase(
    env.DATABASE_URL
      ? { kind: 'postgres', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR! },
  )
  const pause = env.PAUSE
  let delivered = 0
  let delivering = 0
  let paused = false

  function stopHere(where: string): never {
    if (!paused) {
      paused = true
      // Said once no delivery is under way: the kill then lands between mails, never inside one.
      const say = () => (delivering === 0 ? console.log(`paused ${where}`) : setTimeout(say, 10))
      say()
    }
    return stalled()
  }

  const db = new Proxy(database.db, {
    get(target, key, receiver) {
      if (pause === 'before-send' && key === 'insert')
        return (table: unknown) =>
          table === mailClaim ? stopHere('before-send') : target.insert(table as never)
      if (
        pause === 'after-send' &&
        delivered > 0 &&
        ['insert', 'update', 'execute', 'transaction'].includes(String(key))
      )
        return () => stopHere('after-send')
      return Reflect.get(target, key, receiver) as unknown
    },
  })

  const smtp = createMailer(
    { smtpUrl: env.SMTP_URL, mailFrom: 'hi@nestmate.test', dataDir: env.DATA_DIR! },
    log,
  )
  const mailer: Pick<Mailer, 'deliver'> = {
    async deliver(mail) {
      delivering++
      try {
        await smtp.deliver(mail)
        delivered++
      } finally {
        delivering--
      }
    },
  }
  const runner = createJobRunner({
    database: { ...database, db },
    log,
    jobs: jobs(mailer).map((job) => ({ ...job, expireSeconds: 3, retry: { limit: 3, delaySeconds: 1 } })),
    maintenanceSeconds: 1,
    // A run a killed process left on PostgreSQL is found by polling once expired: each second, not each 20.
    pollingSeconds: 1,
    movableClock: options.movableClock ?? false,
  })
  await runner.init()
  await options.beforeStart?.(runner)
  await runner.start()
  process.on('SIGTERM', () => {
    void (async () => {
      await runner.stop()
      await smtp.close()
      await database.close()
    })()
  })
}
