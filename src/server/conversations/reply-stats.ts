import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { rowsOf } from '../db/sql.ts'

// The response stats (decision 088): worked out by the stats job for the people whose conversations changed, never
// per request. Pages join `reply_stat`.

/** People one statement refreshes at most; a run repeats it until none are left. */
const BATCH = 1000
/** Conversations others started with a person in this window count. */
const WINDOW = `interval '30 days'`
/** A reply within this counts as answered; an enquiry younger than it and unanswered isn't counted yet. */
const ANSWERED_WITHIN = `interval '48 hours'`
/** Below this many counted conversations both stats are null. */
export const STATS_FROM = 3

/**
 * One batch: the people the message trigger marked (taken off `reply_stat_dirty`) and, on the first batch, those
 * one of whose conversations left the 30 days or passed its 48 hours since the last run, get their stats worked out
 * again from `conversation_reply`, in one transaction with the marks' removal. Answers how many marks it took.
 */
async function refreshBatch(db: Database, now: Date, withWindows: boolean): Promise<number> {
  const to = now.toISOString()
  return db.transaction(async (tx) => {
    const [clock] = await rowsOf<{ from: string }>(
      tx,
      sql`select refreshed_to as "from" from reply_stat_clock where id = 1 for update`,
    )
    const from = clock?.from ?? to
    const moved = withWindows
      ? sql`union select contacted_id from conversation_reply
          where (started_at > ${from}::timestamptz - ${sql.raw(WINDOW)}
              and started_at <= ${to}::timestamptz - ${sql.raw(WINDOW)})
            or (started_at > ${from}::timestamptz - ${sql.raw(ANSWERED_WITHIN)}
              and started_at <= ${to}::timestamptz - ${sql.raw(ANSWERED_WITHIN)})`
      : sql``
    const [done] = await rowsOf<{ count: number }>(
      tx,
      sql`with marked as (
          delete from reply_stat_dirty where user_id in (
            select user_id from reply_stat_dirty limit ${BATCH} for update skip locked)
          returning user_id
        ), people as (select user_id from marked ${moved}), worked as (
          select p.user_id, s.counted, s.answered, s.median from people p
          cross join lateral (
            select count(*) filter (where r.replied_at <= r.started_at + ${sql.raw(ANSWERED_WITHIN)}
                or r.started_at <= ${to}::timestamptz - ${sql.raw(ANSWERED_WITHIN)})::int as counted,
              count(*) filter (where r.replied_at <= r.started_at + ${sql.raw(ANSWERED_WITHIN)})::int as answered,
              percentile_cont(0.5) within group (order by extract(epoch from r.replied_at - r.started_at)) as median
            from conversation_reply r
            where r.contacted_id = p.user_id and r.started_at > ${to}::timestamptz - ${sql.raw(WINDOW)}
          ) s
        ), written as (
          insert into reply_stat (user_id, reply_rate, reply_hours, refreshed_at)
          select user_id,
            case when counted >= ${STATS_FROM} then round(100.0 * answered / counted)::int end,
            case when counted >= ${STATS_FROM} and median is not null then greatest(1, ceil(median / 3600))::int end,
            ${to}
          from worked
          on conflict (user_id) do update set reply_rate = excluded.reply_rate,
            reply_hours = excluded.reply_hours, refreshed_at = excluded.refreshed_at
          returning 1
        )
        select (select count(*) from marked)::int as count, (select count(*) from written) as written`,
    )
    if (withWindows) await tx.execute(sql`update reply_stat_clock set refreshed_to = ${to} where id = 1`)
    return done?.count ?? 0
  })
}

/** Brings everyone's stats up to `now`; stops between batches once `signal` aborts (the next run carries on). */
export async function refreshReplyStats(db: Database, now: Date, signal?: AbortSignal): Promise<void> {
  for (let first = true; !signal?.aborted; first = false)
    if ((await refreshBatch(db, now, first)) < BATCH) return
}

export type ReplyStats = { replyRate: number | null; replyHours: number | null }

/** A person's stats as the job last left them (both null before its first run for them). */
export async function replyStatsOf(db: Database, userId: string): Promise<ReplyStats> {
  const [row] = await rowsOf<ReplyStats>(
    db,
    sql`select reply_rate as "replyRate", reply_hours as "replyHours" from reply_stat where user_id = ${userId}`,
  )
  return row ?? { replyRate: null, replyHours: null }
}
