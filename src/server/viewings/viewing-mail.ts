import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { PATHS } from '#shared/api.ts'
import type { Database } from '../db/client.ts'
import { rowsOf } from '../db/sql.ts'
import type { Config } from '../env.ts'
import { sendMailOnce } from '../jobs/send-mail-once.ts'
import type { Mailer } from '../mail/mailer.ts'
import { calendarFile } from './calendar.ts'
import { queueViewingPushes } from './viewing-pushes.ts'
import { renderViewingMail, type ViewingMailKind } from './viewing-mail-template.ts'
import { viewingColumns, viewingFrom, type ViewingRow } from './viewing-row.ts'
import { isoInZone } from './zoned-time.ts'

// A run's share of a backlog; the next run takes the rest.
const BATCH = 100
const HOUR = 3600_000
/** The reminders, by the `reminded` stage each makes: 1 a day before, 2 two hours before. */
const REMINDERS = [
  { stage: 1, before: 24 * HOUR, kind: 'reminder-24h' },
  { stage: 2, before: 2 * HOUR, kind: 'reminder-2h' },
] as const

type Deps = { db: Database; mailer: Pick<Mailer, 'deliver'>; log: FastifyBaseLogger }

/**
 * Sends what viewings owe their two people, each mail once across retries, restarts and processes (sendMailOnce,
 * keyed by viewing, occasion and person): the booking's and the cancellation's calendar mails, and the reminders
 * 24 and 2 hours before a booked viewing, mailed and pushed to both. A reminder whose moment had passed when the
 * viewing was booked is never sent (the booking mail said it all), nor one for a cancelled viewing. Answers how
 * many mails went.
 */
export async function runViewingMails(
  deps: Deps,
  config: Pick<Config, 'baseUrl'>,
  { now, signal }: { now: Date; signal?: AbortSignal },
): Promise<number> {
  let sent = 0
  const calendarDue = await rowsOf<ViewingRow & { mailedSequence: number }>(
    deps.db,
    sql`select ${viewingColumns}, v.mailed_sequence as "mailedSequence" from ${viewingFrom}
      where v.mailed_sequence < v.sequence order by v.start limit ${BATCH}`,
  )
  for (const row of calendarDue) {
    if (signal?.aborted) return sent
    const kind =
      row.status === 'booked' && row.mailedSequence < 0
        ? 'booked'
        : row.status === 'cancelled' && row.mailedSequence >= 0
          ? 'cancelled'
          : undefined
    if (kind) sent += await mailBoth(deps, config, row, kind, `viewing:${row._id}:${row.sequence}`)
    await deps.db.execute(
      sql`update viewing set mailed_sequence = greatest(mailed_sequence, ${row.sequence}) where id = ${row._id}`,
    )
  }

  const remindersDue = await rowsOf<ViewingRow & { reminded: number }>(
    deps.db,
    sql`select ${viewingColumns}, v.reminded from ${viewingFrom}
      where v.status = 'booked' and v.reminded < 2 and v.start > ${now}
        and v.start <= ${new Date(now.getTime() + REMINDERS[0].before)}
      order by v.start limit ${BATCH}`,
  )
  for (const row of remindersDue) {
    if (signal?.aborted) return sent
    // The latest reminder now due; an earlier one a stopped runner missed is not sent late.
    const due = REMINDERS.filter((reminder) => row.startMs - reminder.before <= now.getTime()).at(-1)
    if (!due || due.stage <= row.reminded) continue
    const inTime = row.createdMs < row.startMs - due.before
    if (inTime) sent += await mailBoth(deps, config, row, due.kind, `viewing:${row._id}:${due.kind}`)
    // The reminder's pushes are queued with the stage it raises, so they go once whoever raises it.
    await deps.db.transaction(async (tx) => {
      const raised = await rowsOf(
        tx,
        sql`update viewing set reminded = ${due.stage} where id = ${row._id} and reminded < ${due.stage}
          returning id`,
      )
      if (raised.length > 0 && inTime) await queueViewingPushes(tx, row._id, due.kind)
    })
  }
  return sent
}

/** The mail of `kind` to the seeker and the poster, each once under `key`; a failed send throws (the job retries). */
async function mailBoth(
  deps: Deps,
  config: Pick<Config, 'baseUrl'>,
  row: ViewingRow,
  kind: ViewingMailKind,
  key: string,
) {
  const when = `${isoInZone(row.startMs, row.timeZone).slice(0, 16).replace('T', ' ')} (${row.timeZone})`
  const link = `${config.baseUrl}${row.conversationId ? PATHS.conversation(row.conversationId) : PATHS.inbox}`
  const calendar = kind === 'booked' || kind === 'cancelled' ? calendarFile(row, config.baseUrl) : undefined
  let sent = 0
  for (const side of ['seeker', 'poster'] as const) {
    const email = side === 'seeker' ? row.seekerEmail : row.posterEmail
    if (!email) continue
    const verified = side === 'seeker' ? row.seekerVerified : row.posterVerified
    const name = side === 'seeker' ? row.seekerName : row.posterName
    const mail = renderViewingMail({
      kind,
      ...(verified && { name: name ?? undefined, title: row.listingTitle }),
      when,
      link,
      siteName: 'Nestmate',
      baseUrl: config.baseUrl,
    })
    const outcome = await sendMailOnce(deps, `${key}:${side}`, {
      to: email,
      link,
      ...mail,
      ...(calendar && { icalEvent: { ...calendar, filename: 'viewing.ics' } }),
    })
    if (outcome === 'sent') sent++
  }
  return sent
}
