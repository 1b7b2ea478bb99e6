import { sql, type SQL } from 'drizzle-orm'
import type { HiddenState } from '#shared/reports.ts'

/**
 * A hidden listing's or ad's state as its owner is told it (decision 084): null when shown, else the reason and,
 * when a moderator hid it, the reason they logged with their last hide. For the owner's own reads only: nobody
 * else is told why, and reporters' notes are never told.
 */
export const hiddenStateOf = (
  kind: 'listing' | 'seeker_ad',
  hiddenReason: SQL | unknown,
  id: SQL | unknown,
) =>
  sql<HiddenState>`(case when ${hiddenReason} is null then null else json_build_object('reason', ${hiddenReason},
    'note', case when ${hiddenReason} = 'moderator' then (select a.reason from moderation_action a
      where a.target_kind = ${kind} and a.target_id = ${id}::text and a.action = 'hide'
      order by a.created_at desc limit 1) end) end)`
