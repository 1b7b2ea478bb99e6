import { sql, type SQL } from 'drizzle-orm'
import { REPORTS_PER_HOUR } from '#shared/reports.ts'
import { countingReporters } from '../reports/counting-reporters.ts'
import type { QueueCursor } from './queue-cursor.ts'

// The moderation queue's statement: open reports grouped by what they name, newest first, each group with its
// reports and the reported thing in context, as one JSON document per group (one round trip, same on both
// databases).

export const QUEUE_TARGETS = 50

/**
 * A group's open reports, newest first (those filed in the same instant by id), and how many different people's
 * reports count (three hide a listing or an ad: reports/counting-reporters.ts): one pass over the group's reports.
 */
const reportsOf = sql`lateral (select ${countingReporters} as counting,
    json_agg(json_build_object('id', r.id, 'reason', r.reason, 'note', r.note,
      'isSystem', r.is_system, 'createdAt', r.created_at,
      'reporter', case when r.is_system then null
        else json_build_object('name', coalesce(u.name, 'a deleted account'), 'verified', coalesce(u.email_verified, false)) end)
      order by r.created_at desc, r.id desc) as reports
  from report r left join "user" u on u.id = r.reporter_id
  where r.status = 'open' and r.target_kind = g.target_kind and r.target_id = g.target_id)`

const listingOf = sql`(select json_build_object('kind', 'listing', 'id', l.id, 'title', l.title,
    'location', l.location, 'rent', l.rent, 'description', l.description, 'availability', l.availability,
    'hiddenReason', l.hidden_reason,
    'owner', json_build_object('id', o.id, 'name', o.name, 'suspended', o.suspended_at is not null),
    'photoRows', (select coalesce(json_agg(json_build_object('key', p.key, 'width', p.width, 'height', p.height)
      order by p.position), '[]') from listing_photo p where p.listing_id = l.id))
  from listing l join "user" o on o.id = l.owner_id where l.id = g.target_id::uuid)`

// A room-wanted ad as its card shows it: the towns of its areas, never anything finer.
const adOf = sql`(select json_build_object('kind', 'seeker_ad', 'id', a.id, 'headline', a.headline,
    'about', a.about, 'budget', a.budget, 'status', a.status, 'hiddenReason', a.hidden_reason,
    'areas', (select coalesce(json_agg(json_build_object('name', e->>'name', 'radiusKm', (e->>'radiusKm')::float8)),
      '[]') from jsonb_array_elements(a.areas) e),
    'owner', json_build_object('id', o.id, 'name', o.name, 'suspended', o.suspended_at is not null))
  from seeker_ad a join "user" o on o.id = a.owner_id where a.id = g.target_id::uuid)`

const ratingsOf = sql`'tidy', r.tidy, 'bills', r.bills, 'considerate', r.considerate,
  'communication', r.communication, 'text', r.text, 'hidden', r.moderator_hidden_at is not null`
const referenceOf = sql`(select json_build_object('kind', 'reference', 'id', r.id, 'refereeName', r.referee_name,
    'subject', json_build_object('id', s.id, 'name', s.name), ${ratingsOf})
  from reference r join "user" s on s.id = r.subject_id where r.id = g.target_id::uuid)`
const reviewOf = sql`(select json_build_object('kind', 'review', 'id', r.id, 'reply', r.reply,
    'author', json_build_object('id', a.id, 'name', a.name), 'subject', json_build_object('id', s.id, 'name', s.name),
    ${ratingsOf})
  from review r join "user" a on a.id = r.author_id join "user" s on s.id = r.subject_id where r.id = g.target_id::uuid)`

const personOf = sql`(select json_build_object('kind', 'user', 'id', u.id, 'name', u.name, 'email', u.email,
    'suspended', u.suspended_at is not null, 'createdAt', u.created_at)
  from "user" u where u.id = g.target_id)`

/**
 * The message `id` and up to five on each side of it in its conversation, as the queue shows it. `goneId` names a
 * person whose account is going: their name reads "a deleted account" (the copy kept of a reported message).
 */
export function messageInContext(id: SQL, goneId: string | null = null) {
  const nameOf = (alias: string) => {
    const person = sql.raw(alias)
    return goneId === null
      ? sql`${person}.name`
      : sql`case when ${person}.id = ${goneId} then 'a deleted account' else ${person}.name end`
  }
  const isGone = goneId === null ? sql`false` : sql`s.id = ${goneId}`
  return sql`(select json_build_object('kind', 'message', 'id', m.id::text,
    'sender', json_build_object('id', s.id, 'name', ${nameOf('s')}, 'suspended', s.suspended_at is not null,
      'deleted', ${isGone}),
    'around', (select json_agg(json_build_object('id', c.id, 'body', c.body, 'sender', ${nameOf('cs')},
        'isReported', c.id = m.id, 'createdAt', c.created_at) order by c.id)
      from (select * from (select * from message b where b.conversation_id = m.conversation_id and b.id < m.id
              order by b.id desc limit 5) before
            union all select * from message self where self.id = m.id
            union all select * from (select * from message a where a.conversation_id = m.conversation_id
              and a.id > m.id order by a.id limit 5) after) c
      join "user" cs on cs.id = c.sender_id))
  from message m join "user" s on s.id = m.sender_id where m.id = ${id})`
}

// A reported message: as it is, or as it was kept when its sender's account went (docs/decisions/072).
const reportedMessageId = sql`case when g.target_id ~ '^[0-9]{1,15}$' then g.target_id::bigint end`
const messageOf = sql`coalesce(${messageInContext(reportedMessageId)},
  (select k.context::json from kept_message k where k.message_id = ${reportedMessageId} and k.kept_until > now()))`

const exactTime = (column: SQL) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
const position = (cursor: QueueCursor) => sql`(${cursor.at}::timestamptz, ${cursor.id}::uuid)`

/** Whether the thing report `r` names is a listing or an ad that reports hid (the queue shows those first). */
const hidesByReports = sql`case r.target_kind
    when 'listing' then exists (select 1 from listing l where l.id = r.target_id::uuid and l.hidden_reason = 'reports')
    when 'seeker_ad' then exists (select 1 from seeker_ad a where a.id = r.target_id::uuid and a.hidden_reason = 'reports')
    else false end`

/**
 * The things reports hid, by their newest open report, newest first (a partial index each finds them), after the
 * cursor when it is among them; none when the cursor is past them.
 */
function hiddenTargets(cursor: QueueCursor | null) {
  const after = !cursor
    ? sql`true`
    : cursor.hiddenFirst
      ? sql`(n.created_at, n.id) < ${position(cursor)}`
      : sql`false`
  return sql`select h.target_kind, h.target_id, n.created_at, n.id from (
      select 'listing' as target_kind, id::text as target_id from listing where hidden_reason = 'reports'
      union all select 'seeker_ad', id::text from seeker_ad where hidden_reason = 'reports') h
    cross join lateral (select r.created_at, r.id from report r
      where r.status = 'open' and r.target_kind = h.target_kind and r.target_id = h.target_id
      order by r.created_at desc, r.id desc limit 1) n
    where ${after} order by n.created_at desc, n.id desc limit ${QUEUE_TARGETS + 1}`
}

/**
 * Every other reported thing, by its newest open report, newest first: a walk down `report_open_walk_idx` (the
 * open reports, newest first), one report a step, keeping each thing the first time it is met (at its newest
 * report), until the page is full (docs/decisions/054). It passes over the things reports hid (shown before) and,
 * after a cursor among them, starts below it and passes over the things met above it (earlier pages showed them).
 */
function walkedTargets(cursor: QueueCursor | null) {
  const below = cursor && !cursor.hiddenFirst ? position(cursor) : null
  const open = sql`r.status = 'open' and not (${hidesByReports})${
    below
      ? sql` and (r.created_at, r.id) < ${below} and not exists (select 1 from report above
          where above.status = 'open' and above.target_kind = r.target_kind and above.target_id = r.target_id
            and (above.created_at, above.id) >= ${below})`
      : sql``
  }`
  return sql`walk (created_at, id, target_kind, target_id, is_first, seen) as (
    (select r.created_at, r.id, r.target_kind, r.target_id, true, array[r.target_kind || ':' || r.target_id]
      from report r where ${open} order by r.created_at desc, r.id desc limit 1)
    union all
    select n.created_at, n.id, n.target_kind, n.target_id, not (n.key = any(w.seen)),
      case when n.key = any(w.seen) then w.seen else w.seen || n.key end
    from walk w cross join lateral (
      select r.created_at, r.id, r.target_kind, r.target_id, r.target_kind || ':' || r.target_id as key
      from report r where ${open} and (r.created_at, r.id) < (w.created_at, w.id)
      order by r.created_at desc, r.id desc limit 1) n
    where cardinality(w.seen) < ${QUEUE_TARGETS + 1} - (select count(*) from hidden))`
}

/**
 * A page of the queue, and one thing more when there is a next page: what reports hid first, then the rest, each
 * by its newest open report, newest first; each with its reports and the thing in context, and the position a
 * cursor after it names.
 */
export const queueStatement = (cursor: QueueCursor | null) => sql`
  with recursive hidden as (${hiddenTargets(cursor)}), ${walkedTargets(cursor)},
  targets as (select target_kind, target_id, created_at, id, true as hidden_first from hidden
    union all select target_kind, target_id, created_at, id, false from walk where is_first)
  select g.target_kind as "targetKind", g.target_id as "targetId", g.created_at as "latestAt",
    g.hidden_first as "hiddenFirst", ${exactTime(sql`g.created_at`)} as "latestExact", g.id as "latestId",
    agg.counting as "countingReporters", agg.reports,
    case g.target_kind when 'listing' then ${listingOf} when 'user' then ${personOf}
      when 'seeker_ad' then ${adOf} when 'reference' then ${referenceOf} when 'review' then ${reviewOf}
      else ${messageOf} end as target
  from (select * from targets order by hidden_first desc, created_at desc, id desc limit ${QUEUE_TARGETS + 1}) g
  cross join ${reportsOf} agg
  order by g.hidden_first desc, g.created_at desc, g.id desc`

/** Reports in a day that make a flood: one person's hourly limit, all used. */
export const FLOOD_REPORTS = REPORTS_PER_HOUR

/**
 * The mailboxes whose accounts filed FLOOD_REPORTS or more open reports in the last day, the most first, with their
 * accounts: a flood is one line, whoever's name it used (docs/decisions/071).
 */
export const floodsStatement = sql`select mailbox(u.email) as mailbox, count(*)::int as "openReports",
    jsonb_agg(distinct jsonb_build_object('id', u.id, 'name', u.name, 'verified', u.email_verified)) as accounts
  from report r join "user" u on u.id = r.reporter_id
  where r.status = 'open' and r.created_at > now() - interval '1 day'
  group by mailbox(u.email) having count(*) >= ${FLOOD_REPORTS}
  order by count(*) desc, mailbox(u.email) limit 20`
