import { z } from 'zod'
import type { Config } from '../env.ts'
import type { Mailer } from '../mail/mailer.ts'
import { createUnreadMail } from './unread-mail.ts'
import { defineJob } from '../jobs/define-job.ts'

/**
 * Every minute, one run at a time across processes: mails each person whose messages stayed unread 15 minutes
 * (unread-mail.ts, docs/decisions/040). The database's claim holds the exactly-once guarantee on its own;
 * `oneAtATime` only spares a slow run the company of the next. A run that fails is not retried: what it did
 * not send, the next minute's run claims.
 */
export function unreadMailJob(mailer: Pick<Mailer, 'deliver'>, config: Pick<Config, 'baseUrl'>) {
  return defineJob({
    name: 'unread-mail',
    parse: (data) => z.object({}).parse(data),
    every: '* * * * *',
    oneAtATime: true,
    expireSeconds: 50,
    retry: { limit: 0, delaySeconds: 1 },
    async run(_data, { db, now, signal, log }) {
      const send = createUnreadMail({ db, mailer, log }, config)
      const { mailed, failed } = await send({ now: now(), signal })
      if (mailed > 0) log.info(`unread mail: mailed ${mailed} people`)
      if (failed > 0) log.warn(`unread mail: ${failed} mails not sent`)
    },
  })
}
