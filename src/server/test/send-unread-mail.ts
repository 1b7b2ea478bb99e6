import pino from 'pino'
import { openDatabase } from '../db/client.ts'
import { createMailer } from '../mail/mailer.ts'
import { createUnreadMail } from '../mail/unread-mail.ts'

// One run of the unread-message mail in a process of its own, as a job runner's worker would run it (tests only):
// `node --import tsx src/server/test/send-unread-mail.ts <database url> <smtp url> <now, ISO>`.

const [databaseUrl, smtpUrl, now] = process.argv.slice(2)
const database = await openDatabase({ kind: 'postgres', url: databaseUrl!, poolSize: 1 })
const mailer = createMailer(
  { smtpUrl, mailFrom: 'Nestmate <no-reply@localhost>', dataDir: '.tmp/unused' },
  pino({ level: 'silent' }),
)
const run = await createUnreadMail(database.db, mailer, { baseUrl: 'http://localhost:3000' })({
  now: new Date(now!),
})
console.log(JSON.stringify(run))
await mailer.close()
await database.close()
