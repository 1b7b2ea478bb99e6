import { z } from 'zod'
import type { Config } from '../env.ts'
import { defineJob } from '../jobs/define-job.ts'
import type { Mailer } from '../mail/mailer.ts'
import { runRoomTakenNotices } from './room-taken-notice.ts'

/**
 * Woken within a second of a commit that took a listing or an ad off offer (the trigger's `room_taken_event`), and
 * every minute and at each start as the safety net: the event in each conversation, one mail to each person who
 * asked (room-taken-notice.ts, docs/decisions/086).
 */
export function roomTakenJob(mailer: Pick<Mailer, 'deliver'>, config: Pick<Config, 'baseUrl'>) {
  return defineJob({
    name: 'room-taken',
    parse: (data) => z.object({}).parse(data),
    wokenBy: 'room_taken_event',
    every: '* * * * *',
    atStart: true,
    oneAtATime: true,
    expireSeconds: 120,
    retry: { limit: 3, delaySeconds: 10 },
    async run(_data, { db, signal, log }) {
      const sent = await runRoomTakenNotices({ db, mailer, log }, config, signal)
      if (sent > 0) log.info(`room taken: mailed ${sent} people`)
    },
  })
}
