import { setImmediate as yieldToRequests } from 'node:timers/promises'
import { z } from 'zod'
import type { Config } from '../env.ts'
import { defineJob, type JobContext } from '../jobs/define-job.ts'
import type { Mailer } from '../mail/mailer.ts'
import { claimBatches, EVENT_BATCH, recordHits, sendBatches } from './alerts.ts'

type AlertConfig = Pick<Config, 'baseUrl' | 'authSecret' | 'currency'>

/** Matches every queued listing, a batch at a time, stopping between batches when the run's time is up. */
async function matchQueued({ db, signal }: JobContext) {
  for (;;) {
    if (signal.aborted) return
    const { events } = await recordHits(db)
    if (events < EVENT_BATCH) return
    await yieldToRequests()
  }
}

function alertJob(
  name: string,
  alert: 'instant' | 'daily',
  every: string,
  mailer: Pick<Mailer, 'deliver'>,
  config: AlertConfig,
) {
  return defineJob({
    name,
    parse: (data) => z.object({}).parse(data),
    every,
    oneAtATime: true,
    expireSeconds: 240,
    retry: { limit: 3, delaySeconds: 10 },
    async run(_data, context) {
      const { db, now, signal, log } = context
      await matchQueued(context)
      await claimBatches(db, alert, now())
      const { sent, failed } = await sendBatches({ db, mailer, log }, config, signal)
      if (sent > 0) log.info(`saved-search alerts (${alert}): sent ${sent} mails`)
      if (failed > 0) log.warn(`saved-search alerts (${alert}): ${failed} mails not sent`)
    },
  })
}

/**
 * Saved-search alerts (decision 048) on the job runner: every minute the queued listings are matched and the
 * instant searches mailed (so within two minutes of a listing, however many processes); every ten minutes the
 * daily searches whose digest is due. Each runs once at a time across processes; a named mail goes once.
 */
export const savedSearchAlertJobs = (mailer: Pick<Mailer, 'deliver'>, config: AlertConfig) => [
  alertJob('saved-search-instant', 'instant', '* * * * *', mailer, config),
  alertJob('saved-search-daily', 'daily', '*/10 * * * *', mailer, config),
]
