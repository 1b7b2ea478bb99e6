import { sql, type SQL } from 'drizzle-orm'
import { PAGES } from '#shared/pages.ts'
import type { Database } from '../db/client.ts'
import { queuePushesSql, wakePushJob } from '../push/push-queue.ts'

/** What a viewing's push tells of: a change by one of its two people, or a reminder to both. */
export type ViewingPushOccasion = 'booked' | 'cancelled' | 'late' | 'reminder-24h' | 'reminder-2h'

// The time in the listing's zone ("Tue 01 Dec, 18:00") and the listing's title, both public: never the meeting
// point or the video link, since a lock screen is.
const when = sql`to_char(v.start at time zone v.time_zone, 'Dy DD Mon, HH24:MI')`
const page = sql`coalesce(replace(${PAGES.conversation.path}, ':id', v.conversation_id::text), ${PAGES.inbox.path})`
const actorName = sql`coalesce(actor.name, 'Someone')`

const TITLES: Record<ViewingPushOccasion, SQL> = {
  booked: sql`${actorName} || ' booked a viewing'`,
  cancelled: sql`${actorName} || ' cancelled a viewing'`,
  late: sql`${actorName} || ' is running ' || v.late_minutes || ' minutes late'`,
  'reminder-24h': sql`'Viewing tomorrow at ' || to_char(v.start at time zone v.time_zone, 'HH24:MI')`,
  'reminder-2h': sql`'Viewing in two hours, at ' || to_char(v.start at time zone v.time_zone, 'HH24:MI')`,
}

/**
 * Queues the viewing's push (kind `viewings`) in the caller's transaction, so it commits with what it tells of:
 * a change goes to the other of the two people (`actorId` made it), a reminder to both. The event's key holds the
 * viewing's `sequence` for a change (each late notice is news of its own) and the occasion for a reminder, so a
 * device gets each once; the callers queue each event once (a change's transaction, a reminder's stage rising).
 */
export async function queueViewingPushes(
  db: Pick<Database, 'execute'>,
  viewingId: string,
  occasion: ViewingPushOccasion,
  actorId?: string,
) {
  const reminder = occasion.startsWith('reminder')
  const recipients = reminder
    ? sql`(values (v.seeker_id), (v.poster_id))`
    : sql`(values (case when v.seeker_id = ${actorId ?? null} then v.poster_id else v.seeker_id end))`
  const events = sql`select r.user_id, 'viewing:' || v.id || ':' || ${
    reminder ? sql`${occasion}` : sql`${occasion} || ':' || v.sequence`
  } as key, ${TITLES[occasion]} as title, ${when} || ' · ' || v.listing_title as body, ${page} as url
    from viewing v left join "user" actor on actor.id = ${actorId ?? null}
      cross join lateral ${recipients} as r(user_id)
    where v.id = ${viewingId} and r.user_id is not null`
  await db.execute(
    sql`with queued as (${queuePushesSql('viewings', events)}) select ${wakePushJob('queued')}`,
  )
}
