import { sql, type SQL } from 'drizzle-orm'
import type { PushKind } from '#shared/push.ts'
import type { Database } from '../db/client.ts'

/** The channel whose notifications wake the push job (./push-job.ts). */
export const PUSH_CHANNEL = 'push_event'

/**
 * What a person is told: `key` names the event, once per device however often it is queued (`message:<id>`);
 * `title` and `body` are one line each, public on a lock screen (who or what, never what someone wrote); `url` the
 * page a tap opens, a path of the site.
 */
export type PushEvent = { key: string; title: string; body: string; url: string }

/**
 * The insert that queues pushes to the devices that take `kind`, for a data-modifying CTE of the statement that
 * makes the events: `events` is a select of rows (user_id, key, title, body, url). Each goes once per event and
 * device (the outbox's key). The statement must also select `wakePushJob(<that CTE's name>)`.
 */
export function queuePushesSql(kind: PushKind, events: SQL): SQL {
  return sql`insert into push_outbox (subscription_id, event_key, title, body, url)
    select s.id, e.key, e.title, e.body, e.url
    from (${events}) e join push_subscription s on s.user_id = e.user_id and ${kind} = any(s.kinds)
    on conflict (subscription_id, event_key) do nothing
    returning 1`
}

/** A select-list expression that wakes the push job when the named CTE queued a push (sent at commit). */
export function wakePushJob(cte: string): SQL {
  return sql`(select pg_notify(${PUSH_CHANNEL}, '') where exists (select 1 from ${sql.identifier(cte)}))`
}

/**
 * Pushes one event to a person's devices that take `kind`: what any part of Nestmate calls to tell someone (a
 * viewing booked, say). Call it in the transaction that makes the event: the push commits with it, or not at all;
 * the push job sends it.
 */
export async function pushToPerson(
  db: Pick<Database, 'execute'>,
  userId: string,
  kind: PushKind,
  event: PushEvent,
) {
  const events = sql`select ${userId}::text as user_id, ${event.key}::text as key, ${event.title}::text as title,
    ${event.body}::text as body, ${event.url}::text as url`
  await db.execute(sql`with queued as (${queuePushesSql(kind, events)}) select ${wakePushJob('queued')}`)
}
