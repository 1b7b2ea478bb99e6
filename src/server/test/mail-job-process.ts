import pino from 'pino'
import type { FastifyBaseLogger } from 'fastify'
import { openDatabase } from '../db/client.ts'
import { createJobRunner } from '../jobs/job-runner.ts'
import { exampleMailJob } from '../jobs/test-mail-job.ts'
import { createMailer } from '../mail/mailer.ts'

// A process that works the example mail job, for send-mail-once-kill.test.ts to kill -9 mid-send: on
// DATABASE_URL or the embedded DATA_DIR, mailing through SMTP_URL; with SEND_TO it first queues one mail.
const env = process.env
const log = pino({ level: 'info' }) as unknown as FastifyBaseLogger
const database = await openDatabase(
  env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR! },
)
const mailer = createMailer(
  { smtpUrl: env.SMTP_URL, mailFrom: 'hi@nestmate.test', dataDir: env.DATA_DIR! },
  log,
)
// A run the killed process left on PostgreSQL is found by polling once expired: each second, not each 20.
const runner = createJobRunner({
  database,
  log,
  jobs: [exampleMailJob(mailer)],
  maintenanceSeconds: 1,
  pollingSeconds: 1,
})
await runner.init()
await runner.start()
if (env.SEND_TO) await runner.send('example-mail', { to: env.SEND_TO, occasion: 'killed' })
process.on('SIGTERM', () => {
  void (async () => {
    await runner.stop()
    await mailer.close()
    await database.close()
  })()
})
