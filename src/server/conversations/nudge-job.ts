import { z } from 'zod'
import type { Config } from '../env.ts'
import { defineJob } from '../jobs/define-job.ts'
import type { Mailer } from '../mail/mailer.ts'
import { runNudges } from './nudge.ts'

/** Every 10 minutes and at each start: mails the people whose enquiries have waited 48 hours (decision 089). */
export function nudgeJob(mailer: Pick<Mailer, 'deliver'>, config: Pick<Config, 'baseUrl'>) {
  return defineJob({
    name: 'reply-nudge',
    parse: (data) => z.object({}).parse(data),
    every: '*/10 * * * *',
    atStart: true,
    oneAtATime: true,
    expireSeconds: 300,
    retry: { limit: 3, delaySeconds: 30 },
    async run(_data, { db, now, signal, log }) {
      const sent = await runNudges({ db, mailer, log }, config, now(), signal)
      if (sent > 0) log.info(`reply nudges: mailed ${sent} people`)
    },
  })
}
