import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { rowsOf } from '../db/sql.ts'
import type { Config } from '../env.ts'
import { defineJob, type JobContext } from '../jobs/define-job.ts'
import { PUSH_CHANNEL } from './push-queue.ts'
import { createPushSender, type OutgoingPush, type PushOutcome } from './push-sender.ts'

/** Pushes read per statement, and on their way at once (most of a push's time is the push service's answer). */
export const PUSH_BATCH = 500
export const PUSH_CONCURRENCY = 50
/** A push that failed this many times is dropped; the waits between tries double from a minute. */
export const PUSH_ATTEMPTS = 6
const FIRST_RETRY_MS = 60_000

type Row = OutgoingPush & { id: number; subscriptionId: string; attempts: number }

/** What a push's outcome does to the outbox: the row goes once its service answered, for good or for ever. */
async function settle(db: Database, row: Row, outcome: PushOutcome, now: Date) {
  if (outcome === 'sent')
    await db.execute(sql`with sent as (delete from push_outbox where id = ${row.id})
      update push_subscription set last_used_at = ${now.toISOString()} where id = ${row.subscriptionId}`)
  // 404 or 410: the browser unsubscribed or the service forgot it. Its waiting pushes go with it.
  else if (outcome === 'gone')
    await db.execute(sql`delete from push_subscription where id = ${row.subscriptionId}`)
  else if (row.attempts + 1 >= PUSH_ATTEMPTS)
    await db.execute(sql`delete from push_outbox where id = ${row.id}`)
  else {
    const due = new Date(now.getTime() + FIRST_RETRY_MS * 2 ** row.attempts)
    await db.execute(sql`update push_outbox set attempts = attempts + 1, due_at = ${due.toISOString()}
      where id = ${row.id}`)
  }
}

/**
 * Sends every due push, a batch at a time, PUSH_CONCURRENCY at once. Each row is settled as soon as its push
 * service answered, so a run killed mid-batch (kill -9) leaves the rest queued for the retry, which loses none; a
 * push in flight at the kill goes again, and the device shows it once (the same tag replaces it).
 */
async function sendDuePushes(
  { db, now, signal, log }: JobContext,
  send: (push: OutgoingPush) => Promise<PushOutcome>,
) {
  let sent = 0
  let failed = 0
  for (;;) {
    const rows = await rowsOf<Row>(
      db,
      sql`select o.id::float8 as id, o.subscription_id as "subscriptionId", o.event_key as "eventKey", o.title,
          o.body, o.url, o.attempts, s.endpoint, s.p256dh, s.auth
        from push_outbox o join push_subscription s on s.id = o.subscription_id
        where o.due_at <= ${now().toISOString()} order by o.id limit ${PUSH_BATCH}`,
    )
    let next = 0
    const worker = async () => {
      while (next < rows.length && !signal.aborted) {
        const row = rows[next++]!
        const outcome = await send(row).catch((error: unknown) => {
          log.warn({ err: error }, `push ${row.eventKey}: not sent`)
          return 'failed' as const
        })
        if (outcome === 'sent') sent++
        if (outcome === 'failed') failed++
        await settle(db, row, outcome, now())
      }
    }
    await Promise.all(Array.from({ length: PUSH_CONCURRENCY }, worker))
    if (rows.length < PUSH_BATCH || signal.aborted) break
  }
  return { sent, failed }
}

/**
 * Web Push (decision 099): woken within a second of a commit that queued pushes (PUSH_CHANNEL), and every minute and
 * at each start for retries and notifications nobody heard. One run at a time across processes, so each queued
 * push goes once per event and device.
 */
export function pushJob(config: Pick<Config, 'push'>) {
  const send = createPushSender(config.push)
  return defineJob({
    name: 'push-send',
    parse: (data) => z.object({}).parse(data),
    wokenBy: PUSH_CHANNEL,
    every: '* * * * *',
    atStart: true,
    oneAtATime: true,
    expireSeconds: 120,
    retry: { limit: 3, delaySeconds: 10 },
    async run(_data, context) {
      const { sent, failed } = await sendDuePushes(context, send)
      if (sent > 0) context.log.info(`pushes: sent ${sent}`)
      if (failed > 0) context.log.warn(`pushes: ${failed} failed, retried later`)
    },
  })
}
