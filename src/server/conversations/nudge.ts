import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { PATHS } from '#shared/api.ts'
import type { Database } from '../db/client.ts'
import { rowsOf } from '../db/sql.ts'
import type { Config } from '../env.ts'
import { sendMailOnce } from '../jobs/send-mail-once.ts'
import { MailNotSent, type Mailer } from '../mail/mailer.ts'
import { subjectAvailable, subjectJoins, subjectTitle } from './conversation-subject.ts'
import { renderNudgeMail, type WaitingEnquiry } from './nudge-template.ts'

/** Enquiries claimed at most per run; the next run takes the rest. */
const BATCH = 500

type Claimed = WaitingEnquiry & { conversationId: string; userId: string; email: string; name: string }

/**
 * Claims, in one statement, the enquiries unanswered for 48 hours (and at most 7 days: an older one is past a
 * reminder) whose contacted person has a verified address, hasn't blocked the enquirer nor been blocked, and had no
 * nudge in the last 24 hours: marks each `nudged_at = now` and answers it. Rows another run holds are skipped.
 * A declined conversation and one whose room or ad is taken (enquiry-state.ts) wait for nothing: left out.
 */
const claim = (db: Database, now: Date) =>
  rowsOf<Claimed>(
    db,
    sql`with due as (
        select r.conversation_id from conversation_reply r
        join "user" u on u.id = r.contacted_id and u.email_verified
        join conversation c on c.id = r.conversation_id
        ${subjectJoins}
        where r.replied_at is null and r.nudged_at is null and c.declined_at is null and ${subjectAvailable}
          and r.started_at <= ${now.toISOString()}::timestamptz - interval '48 hours'
          and r.started_at > ${now.toISOString()}::timestamptz - interval '7 days'
          and not exists (select 1 from user_block b
            where (b.blocker_id = r.contacted_id and b.blocked_id = r.starter_id)
              or (b.blocker_id = r.starter_id and b.blocked_id = r.contacted_id))
          and not exists (select 1 from conversation_reply n where n.contacted_id = r.contacted_id
            and n.nudged_at > ${now.toISOString()}::timestamptz - interval '24 hours')
        order by r.started_at limit ${BATCH}
        for update of r skip locked
      ), claimed as (
        update conversation_reply r set nudged_at = ${now.toISOString()}
        from due where r.conversation_id = due.conversation_id
        returning r.conversation_id, r.contacted_id, r.starter_id
      )
      select claimed.conversation_id as "conversationId", u.id as "userId", u.email, u.name,
        s.name as "starterName", ${subjectTitle} as title
      from claimed
      join "user" u on u.id = claimed.contacted_id
      join "user" s on s.id = claimed.starter_id
      join conversation c on c.id = claimed.conversation_id
      ${subjectJoins}
      order by u.id, claimed.conversation_id`,
  )

const release = (db: Database, ids: string[], now: Date) =>
  db.execute(sql`update conversation_reply set nudged_at = null
    where conversation_id = any(${`{${ids.join(',')}}`}::uuid[]) and nudged_at = ${now.toISOString()}`)

/**
 * The nudge (decision 089): one mail per person naming who waits, at most one a day (the 24-hour test above, and
 * the mail's key names the day: a second process or a retry the same day sends nothing). A mail the server refused
 * gives its enquiries back for a later run; one that broke off keeps them claimed. Answers how many went.
 */
export async function runNudges(
  { db, mailer, log }: { db: Database; mailer: Pick<Mailer, 'deliver'>; log: FastifyBaseLogger },
  config: Pick<Config, 'baseUrl'>,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  const people = new Map<string, Claimed[]>()
  for (const row of await claim(db, now)) people.set(row.userId, [...(people.get(row.userId) ?? []), row])
  const link = `${config.baseUrl}${PATHS.inbox}`
  let sent = 0
  for (const [userId, waiting] of people) {
    const ids = waiting.map((row) => row.conversationId)
    if (signal?.aborted) {
      await release(db, ids, now)
      continue
    }
    const { email, name } = waiting[0]!
    const mail = renderNudgeMail({ name, waiting, link, siteName: 'Nestmate', baseUrl: config.baseUrl })
    const day = now.toISOString().slice(0, 10)
    try {
      const result = await sendMailOnce({ db, mailer, log }, `nudge:${userId}:${day}`, {
        to: email,
        link,
        ...mail,
      })
      if (result === 'sent') sent++
      // Already mailed today: these wait for tomorrow's.
      else await release(db, ids, now)
    } catch (error) {
      if (error instanceof MailNotSent) await release(db, ids, now)
    }
  }
  return sent
}
