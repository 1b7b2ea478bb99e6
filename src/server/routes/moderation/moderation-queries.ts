import { sql } from 'drizzle-orm'

// The moderation queue's statement: open reports grouped by what they name, newest first, each group with its
// reports and the reported thing in context, as one JSON document per group (one round trip, same on both
// databases). `report_queue_idx` (status, created_at) finds the open reports.

export const QUEUE_TARGETS = 50

const reportsOf = sql`(select json_agg(json_build_object('id', r.id, 'reason', r.reason, 'note', r.note,
    'isSystem', r.is_system, 'createdAt', r.created_at,
    'reporter', case when r.is_system then null
      else json_build_object('name', coalesce(u.name, 'a deleted account'), 'verified', coalesce(u.email_verified, false)) end)
    order by r.created_at desc)
  from report r left join "user" u on u.id = r.reporter_id
  where r.status = 'open' and r.target_kind = g.target_kind and r.target_id = g.target_id)`

const countingOf = sql`(select count(distinct r.reporter_id)::int from report r join "user" u on u.id = r.reporter_id
  where r.status = 'open' and not r.is_system and u.email_verified
    and r.target_kind = g.target_kind and r.target_id = g.target_id)`

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

const personOf = sql`(select json_build_object('kind', 'user', 'id', u.id, 'name', u.name, 'email', u.email,
    'suspended', u.suspended_at is not null, 'createdAt', u.created_at)
  from "user" u where u.id = g.target_id)`

// The reported message and up to five on each side of it in its conversation.
const messageOf = sql`(select json_build_object('kind', 'message', 'id', m.id::text,
    'sender', json_build_object('id', s.id, 'name', s.name, 'suspended', s.suspended_at is not null),
    'around', (select json_agg(json_build_object('id', c.id, 'body', c.body, 'sender', cs.name,
        'isReported', c.id = m.id, 'createdAt', c.created_at) order by c.id)
      from (select * from (select * from message b where b.conversation_id = m.conversation_id and b.id < m.id
              order by b.id desc limit 5) before
            union all select * from message self where self.id = m.id
            union all select * from (select * from message a where a.conversation_id = m.conversation_id
              and a.id > m.id order by a.id limit 5) after) c
      join "user" cs on cs.id = c.sender_id))
  from message m join "user" s on s.id = m.sender_id
  where g.target_id ~ '^[0-9]{1,15}$' and m.id = g.target_id::bigint)`

export const queueStatement = sql`
  select g.target_kind as "targetKind", g.target_id as "targetId", g.latest as "latestAt",
    ${countingOf} as "countingReporters", ${reportsOf} as reports,
    case g.target_kind when 'listing' then ${listingOf} when 'user' then ${personOf}
      when 'seeker_ad' then ${adOf} else ${messageOf} end as target
  from (select target_kind, target_id, max(created_at) as latest from report where status = 'open'
        group by target_kind, target_id order by latest desc limit ${QUEUE_TARGETS}) g
  order by g.latest desc`
