import { z } from 'zod'
import type { Config } from '../env.ts'
import { defineJob } from '../jobs/define-job.ts'
import type { Mailer } from '../mail/mailer.ts'
import { runFreshness } from './freshness.ts'

/**
 * Every 10 minutes and at each start, one run at a time across processes: asks owners of listings confirmed 30
 * days ago whether they are still available, and retires those left unconfirmed 7 days after (freshness.ts).
 * The rows hold the state, so a failed run is simply the next one's work.
 */
export function freshnessJob(mailer: Pick<Mailer, 'deliver'>, config: Pick<Config, 'baseUrl'>) {
  return defineJob({
    name: 'listing-freshness',
    parse: (data) => z.object({}).parse(data),
    every: '*/10 * * * *',
    atStart: true,
    oneAtATime: true,
    expireSeconds: 300,
    retry: { limit: 0, delaySeconds: 1 },
    async run(_data, { db, now, signal, log }) {
      const { retired, mailed, failed } = await runFreshness({ db, mailer, log }, config, {
        now: now(),
        signal,
      })
      if (retired + mailed > 0) log.info(`freshness: asked ${mailed} owners, retired ${retired} listings`)
      if (failed > 0) log.warn(`freshness: ${failed} mails not sent`)
    },
  })
}
