import { z } from 'zod'
import type { Config } from '../env.ts'
import { defineJob } from '../jobs/define-job.ts'
import type { Mailer } from '../mail/mailer.ts'
import { runHiddenNotices } from './hidden-notice.ts'

/**
 * Woken within a second of a commit that hid a listing or an ad (the trigger's `hide_notice_event`), and every
 * minute and at each start as the safety net: mails each owner once (hidden-notice.ts, decision 084).
 */
export function hiddenNoticeJob(mailer: Pick<Mailer, 'deliver'>, config: Pick<Config, 'baseUrl'>) {
  return defineJob({
    name: 'hidden-notice',
    parse: (data) => z.object({}).parse(data),
    wokenBy: 'hide_notice_event',
    every: '* * * * *',
    atStart: true,
    oneAtATime: true,
    expireSeconds: 120,
    retry: { limit: 3, delaySeconds: 10 },
    async run(_data, { db, signal, log }) {
      const sent = await runHiddenNotices({ db, mailer, log }, config, signal)
      if (sent > 0) log.info(`hidden notices: mailed ${sent} owners`)
    },
  })
}
