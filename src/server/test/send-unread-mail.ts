import pino from 'pino'
import type { FastifyBaseLogger } from 'fastify'
import { openDatabase } from '../db/client.ts'
import { createMailer } from '../mail/mailer.ts'
import { createUnreadMail } from '../conversations/unread-mail.ts'

// One run of the unread-message mail in a process of its own, as the job runner's worker runs it (tests only):
// `node --import tsx src/server/test/send-unread-mail.ts <database url> <smtp url> <now, ISO>`.

const [databaseUrl, smtpUrl, now] = process.argv.slice(2)
const database = await openDatabase({ kind: 'postgres', url: databaseUrl!, poolSize: 1 })
const log = pino({ level: 'silent' }) as unknown as FastifyBaseLogger
const mailer = createMailer(
  { smtpUrl, mailFrom: 'Nestmate <no-reply@localhost>', dataDir: '.tmp/unused' },
  log,
)
const send = createUnreadMail({ db: database.db, mailer, log }, { baseUrl: 'http://localhost:3000' })
console.log(JSON.stringify(await send({ now: new Date(now!) })))
await mailer.close()
await database.close()
