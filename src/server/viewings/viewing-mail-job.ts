import { z } from 'zod'
import type { Config } from '../env.ts'
import { defineJob } from '../jobs/define-job.ts'
import type { Mailer } from '../mail/mailer.ts'
import { runViewingMails } from './viewing-mail.ts'

/**
 * Woken within a second of a booking or a cancellation (`viewing_event`, from onViewingChanged), and every minute
 * and at each start for the reminders and as the safety net: viewing-mail.ts sends each mail once.
 */
export function viewingMailJob(mailer: Pick<Mailer, 'deliver'>, config: Pick<Config, 'baseUrl'>) {
  return defineJob({
    name: 'viewing-mail',
    parse: (data) => z.object({}).parse(data),
    wokenBy: 'viewing_event',
    every: '* * * * *',
    atStart: true,
    oneAtATime: true,
    expireSeconds: 120,
    retry: { limit: 3, delaySeconds: 10 },
    async run(_data, { db, now, signal, log }) {
      const sent = await runViewingMails({ db, mailer, log }, config, { now: now(), signal })
      if (sent > 0) log.info(`viewings: sent ${sent} mails`)
    },
  })
}
