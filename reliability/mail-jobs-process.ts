import pino from 'pino'
import type { FastifyBaseLogger } from 'fastify'
import { roomTakenJob } from '../src/server/conversations/room-taken-job.ts'
import { openDatabase } from '../src/server/db/client.ts'
import { mailClaim } from '../src/server/db/schema/index.ts'
import { createJobRunner } from '../src/server/jobs/job-runner.ts'
import { createMailer, type Mailer } from '../src/server/mail/mailer.ts'
import { viewingMailJob } from '../src/server/viewings/viewing-mail-job.ts'
import { stalled } from '../src/server/test/processes.ts'

// A process that works the room-taken notices and the viewings' mails, for mail-jobs-kill.test.ts to kill -9
// mid-run: on DATABASE_URL or the embedded DATA_DIR, mailing through SMTP_URL. PAUSE stops every run for good at one
// point and logs `paused <where>`, for the kill to land there:
// - `before-send`: a run is about to claim its first mail (nothing went out);
// - `after-send`: a mail went out (and every delivery under way has ended); the run is about to record it.
const env = process.env
const log = pino({ level: 'info' }) as unknown as FastifyBaseLogger
const database = await openDatabase(
  env.DATABASE_URL ? { kind: 'postgres', url: env.DATABASE_URL } : { kind: 'pglite', dataDir: env.DATA_DIR! },
)
const pause = env.PAUSE
let delivered = 0
let delivering = 0
let paused = false

/** A promise (and a query builder's chain) that never settles: the run waits there until the process dies. */
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
const config = { baseUrl: 'http://localhost:3000' }
// The jobs as the app defines them, with expiry and retry delay shortened from minutes to seconds: on PostgreSQL a
// killed run is retried only once it has expired, and this test should take seconds.
const jobs = [roomTakenJob(mailer, config), viewingMailJob(mailer, config)].map((job) => ({
  ...job,
  expireSeconds: 3,
  retry: { limit: 3, delaySeconds: 1 },
}))
const runner = createJobRunner({
  database: { ...database, db },
  log,
  jobs,
  maintenanceSeconds: 1,
  // A run a killed process left on PostgreSQL is found by polling once expired: each second, not each 20.
  pollingSeconds: 1,
})
await runner.init()
await runner.start()
process.on('SIGTERM', () => {
  void (async () => {
    await runner.stop()
    await smtp.close()
    await database.close()
  })()
})
