import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { PATHS } from '#shared/api.ts'
import type { Database } from '../db/client.ts'
import { rowsOf } from '../db/sql.ts'
import type { Config } from '../env.ts'
import { sendMailOnce } from '../jobs/send-mail-once.ts'
import type { Mailer } from '../mail/mailer.ts'
import { renderHiddenNoticeMail } from './hidden-notice-template.ts'

// A run's share of a backlog; the next run takes the rest.
const BATCH = 100

type Notice = {
  id: number
  kind: 'listing' | 'seeker_ad'
  reason: 'reports' | 'moderator'
  /** Still hidden now (a thing shown again before its mail went gets none); null: the thing is gone. */
  stillHidden: boolean | null
  title: string | null
  name: string | null
  email: string | null
  verified: boolean | null
}

/**
 * Mails the owner of each thing hidden since the last run, once (decision 084). The rows are written by the
 * trigger on `hidden_reason` in the transaction that hid it (migration 0023); each mail is claimed under
 * `hidden:<row id>` before it goes, so a retry, a restart or a second process never sends it twice, and the row
 * is deleted once sent or no longer due (shown again, or deleted). Answers how many mails went.
 */
export async function runHiddenNotices(
  { db, mailer, log }: { db: Database; mailer: Pick<Mailer, 'deliver'>; log: FastifyBaseLogger },
  config: Pick<Config, 'baseUrl'>,
  signal?: AbortSignal,
): Promise<number> {
  const notices = await rowsOf<Notice>(
    db,
    sql`select n.id::float8 as id, n.target_kind as kind, n.hidden_reason as reason,
        coalesce(l.hidden_reason, a.hidden_reason) is not null as "stillHidden",
        coalesce(l.title, a.headline) as title, u.name, u.email, u.email_verified as verified
      from hide_notice n
      left join listing l on n.target_kind = 'listing' and l.id = n.target_id
      left join seeker_ad a on n.target_kind = 'seeker_ad' and a.id = n.target_id
      left join "user" u on u.id = coalesce(l.owner_id, a.owner_id)
      order by n.id limit ${BATCH}`,
  )
  let sent = 0
  for (const notice of notices) {
    if (signal?.aborted) break
    if (notice.stillHidden && notice.email) {
      const link = `${config.baseUrl}${notice.kind === 'listing' ? PATHS.myListings : PATHS.mySeekerAd}`
      const mail = renderHiddenNoticeMail({
        kind: notice.kind,
        reason: notice.reason,
        ...(notice.verified && { name: notice.name ?? undefined, title: notice.title ?? undefined }),
        link,
        contactLink: `${config.baseUrl}${PATHS.contact}`,
        siteName: 'Nestmate',
        baseUrl: config.baseUrl,
      })
      // A failed send throws: the row stays, and the job's retry (or the next run) sends it.
      if (
        (await sendMailOnce({ db, mailer, log }, `hidden:${notice.id}`, {
          to: notice.email,
          link,
          ...mail,
        })) === 'sent'
      )
        sent++
    }
    await db.execute(sql`delete from hide_notice where id = ${notice.id}`)
  }
  return sent
}
