import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { PATHS } from '#shared/api.ts'
import type { Database } from '../db/client.ts'
import { rowsOf } from '../db/sql.ts'
import type { Config } from '../env.ts'
import { sendMailOnce } from '../jobs/send-mail-once.ts'
import type { Mailer } from '../mail/mailer.ts'
import { appendConversationEvent } from './conversation-events.ts'
import { subjectAvailable, subjectJoins, subjectTitle } from './conversation-subject.ts'
import { lockPeople } from './message-locks.ts'
import { starter } from './enquiry-state.ts'
import { renderRoomTakenMail } from './room-taken-template.ts'

// A run's share of a backlog; the next run takes the rest.
const BATCH = 100

type Deps = { db: Database; mailer: Pick<Mailer, 'deliver'>; log: FastifyBaseLogger }

/**
 * The room-taken notices queued since the last run (docs/decisions/086), in two steps that each happen once:
 * 1. In one transaction per batch, each notice whose subject is still not on offer gets its conversation's
 *    `room_taken` event and is marked `evented`; one whose subject is back on offer is dropped. Both participants'
 *    locks of the whole batch are taken first, in the one order every writer uses.
 * 2. Each evented notice mails the person who asked, claimed under `room-taken:<conversation>` (one conversation per
 *    listing and person, so one mail per listing and person, ever: a room that comes back and goes again sends no
 *    second), then the notice is deleted.
 * Answers how many mails went.
 */
export async function runRoomTakenNotices(deps: Deps, config: Pick<Config, 'baseUrl'>, signal?: AbortSignal) {
  while (!signal?.aborted && (await addEvents(deps.db)) === BATCH);
  let sent = 0
  while (!signal?.aborted) {
    const mailed = await mailBatch(deps, config, signal)
    sent += mailed.sent
    if (mailed.seen < BATCH) break
  }
  return sent
}

async function addEvents(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await rowsOf<{ id: number; conversationId: string; gone: boolean; people: string[] }>(
      tx,
      sql`select n.id::float8 as id, n.conversation_id as "conversationId", not ${subjectAvailable} as gone,
          array(select user_id from conversation_member m where m.conversation_id = c.id) as people
        from room_taken_notice n
        join conversation c on c.id = n.conversation_id
        ${subjectJoins}
        where not n.evented
        order by n.id limit ${BATCH}
        for update of n skip locked`,
    )
    if (due.length === 0) return 0
    await lockPeople(
      tx,
      due.flatMap((notice) => notice.people),
    )
    for (const notice of due) {
      if (notice.gone)
        await appendConversationEvent(tx, { conversationId: notice.conversationId, type: 'room_taken' })
    }
    const ids = (gone: boolean) =>
      `{${due.filter((notice) => notice.gone === gone).map((notice) => notice.id)}}`
    await tx.execute(sql`update room_taken_notice set evented = true where id = any(${ids(true)}::bigint[])`)
    await tx.execute(sql`delete from room_taken_notice where id = any(${ids(false)}::bigint[])`)
    return due.length
  })
}

type Evented = {
  id: number
  conversationId: string
  kind: 'listing' | 'seeker_ad'
  title: string | null
  name: string | null
  email: string | null
  verified: boolean | null
}

async function mailBatch({ db, mailer, log }: Deps, config: Pick<Config, 'baseUrl'>, signal?: AbortSignal) {
  const notices = await rowsOf<Evented>(
    db,
    sql`select n.id::float8 as id, c.id as "conversationId", c.about as kind, ${subjectTitle} as title,
        u.name, u.email, u.email_verified as verified
      from room_taken_notice n
      join conversation c on c.id = n.conversation_id
      ${subjectJoins}
      left join "user" u on u.id = ${starter}
      where n.evented
      order by n.id limit ${BATCH}`,
  )
  let sent = 0
  for (const notice of notices) {
    if (signal?.aborted) return { seen: 0, sent }
    // Only an address its owner confirmed is mailed: it is the one they started the conversation with.
    if (notice.email && notice.verified) {
      const link = `${config.baseUrl}${PATHS.conversation(notice.conversationId)}`
      const mail = renderRoomTakenMail({
        kind: notice.kind,
        name: notice.name ?? '',
        title: notice.title,
        link,
        siteName: 'Nestmate',
        baseUrl: config.baseUrl,
      })
      // A failed send throws: the row stays, and the job's retry (or the next run) sends it.
      const outcome = await sendMailOnce({ db, mailer, log }, `room-taken:${notice.conversationId}`, {
        to: notice.email,
        link,
        ...mail,
      })
      if (outcome === 'sent') sent++
    }
    await db.execute(sql`delete from room_taken_notice where id = ${notice.id}`)
  }
  return { seen: notices.length, sent }
}
