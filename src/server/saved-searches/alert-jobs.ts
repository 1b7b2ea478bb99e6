import { setImmediate as yieldToRequests } from 'node:timers/promises'
import { z } from 'zod'
import type { Config } from '../env.ts'
import { defineJob, type JobContext } from '../jobs/define-job.ts'
import type { Mailer } from '../mail/mailer.ts'
import { claimBatches, EVENT_BATCH, nextWindowEnd, recordHits, sendBatches } from './alerts.ts'

type AlertConfig = Pick<Config, 'baseUrl' | 'authSecret' | 'currency' | 'alertWindowMs'>

const noData = (data: unknown) => z.object({}).parse(data)

/** Matches every queued listing, a batch at a time, stopping between batches when the run's time is up. */
async function matchQueued({ db, signal }: JobContext) {
  for (;;) {
    if (signal.aborted) return
    const { events } = await recordHits(db)
    if (events < EVENT_BATCH) return
    await yieldToRequests()
  }
}

/**
 * Queues the instant alert for the end of the next open window. One such run waits at a time (its key); the run
 * queues the next one, so a later window queued meanwhile is never lost behind an earlier one.
 */
async function queueNextWindow({ db, send }: JobContext, windowMs: number) {
  const ends = await nextWindowEnd(db, windowMs)
  if (ends) await send('saved-search-instant', {}, { runAt: ends, key: 'window' })
}

/**
 * Woken by each listing the trigger queues (its notification, in every process working the jobs): matched within
 * a second or two, so a saved search's new count shows the room at once, and its alert queued for its window's end.
 */
const matchJob = (windowMs: number) =>
  defineJob({
    name: 'saved-search-match',
    parse: noData,
    wokenBy: 'saved_search_event',
    oneAtATime: true,
    expireSeconds: 60,
    retry: { limit: 3, delaySeconds: 5 },
    async run(_data, context) {
      await matchQueued(context)
      await queueNextWindow(context, windowMs)
    },
  })

function alertJob(
  name: string,
  alert: 'instant' | 'daily',
  every: string,
  mailer: Pick<Mailer, 'deliver'>,
  config: AlertConfig,
) {
  return defineJob({
    name,
    parse: noData,
    every,
    oneAtATime: true,
    expireSeconds: 240,
    retry: { limit: 3, delaySeconds: 10 },
    async run(_data, context) {
      const { db, now, signal, log } = context
      await matchQueued(context)
      await claimBatches(db, alert, now(), config.alertWindowMs)
      const { sent, failed } = await sendBatches({ db, mailer, log }, config, signal)
      if (sent > 0) log.info(`saved-search alerts (${alert}): sent ${sent} mails`)
      if (failed > 0) log.warn(`saved-search alerts (${alert}): ${failed} mails not sent`)
      if (alert === 'instant') await queueNextWindow(context, config.alertWindowMs)
    },
  })
}

/**
 * Saved-search alerts (decisions 048 and 083) on the job runner: a listing's write wakes the matcher, which queues
 * the instant alert for the end of the search's window (ALERT_WINDOW_SECONDS, a minute, after its first new room),
 * so the mail goes that long after the first room of a burst and holds the whole burst. The every-minute run is the safety net
 * (a notification nobody heard, a process gone); every ten minutes the daily searches whose digest is due. Each
 * runs once at a time across processes; a named mail goes once.
 */
export const savedSearchAlertJobs = (mailer: Pick<Mailer, 'deliver'>, config: AlertConfig) => [
  matchJob(config.alertWindowMs),
  alertJob('saved-search-instant', 'instant', '* * * * *', mailer, config),
  alertJob('saved-search-daily', 'daily', '*/10 * * * *', mailer, config),
]
