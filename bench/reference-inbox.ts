import { API } from '../src/shared/api.ts'
import { INBOX_PAGE_SIZE } from '../src/shared/conversations.ts'
import { sqlPlannedPerCall, type Answer, type Queryable } from './reference-sql.ts'

// Reference 1's inbox (GET /api/conversations): Nestmate's inbox statement written out
// (src/server/routes/conversations/conversation-reads.ts), the same paging (`before` the last message id shown,
// one row more than asked to know if there is another page) and the same Link header.

const ISO = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const inboxSql = (before: boolean, listing: boolean) => {
  let n = 2
  return `select side.conversation_id as id, c.listing_id as "listingId", l.title, o.name, o.image as photo,
    coalesce(l.availability = 'Available' and l.hidden_reason is null, false) as available,
    lm.id::float8 as "lastId", left(lm.body, 200) as "lastBody",
    lm.sender_id = $1 as "lastMine", lm.kind as "lastKind", lm.event_type as "lastEvent",
    lm.viewing_id as "lastViewing", ${ISO('lm.created_at')} as "lastAt", side.unread,
    case
      when c.declined_at is not null then 'declined'
      when not coalesce(l.availability = 'Available' and l.hidden_reason is null, false) then 'taken'
      when exists (select 1 from viewing v where v.conversation_id = c.id and v.status = 'booked') then 'viewing'
      when c.replied_at is not null then 'replied'
      when (select theirs.read_id from conversation_member theirs
        where theirs.conversation_id = c.id and theirs.user_id = c.poster_id) > 0 then 'read'
      else 'sent'
    end as state,
    c.seeker_id = $1 as "startedByMe"
  from conversation_member side
  join conversation c on c.id = side.conversation_id
  join message lm on lm.id = side.last_message_id
  left join listing l on l.id = c.listing_id
  left join "user" o on o.id = side.other_id
  where side.user_id = $1
    ${before ? `and side.last_message_id < $${n} and lm.id < $${n++}` : ''}
    ${listing ? `and c.listing_id = $${n++}` : ''}
  order by side.last_message_id desc
  limit $${n}`
}

type Row = {
  id: string
  listingId: string | null
  title: string | null
  available: boolean
  name: string | null
  photo: string | null
  lastId: number
  lastBody: string
  lastMine: boolean
  lastKind: 'text' | 'event'
  lastEvent: string | null
  lastViewing: string | null
  lastAt: string
  unread: number
  state: string
  startedByMe: boolean
}

export async function inbox(pool: Queryable, url: URL, userId: string): Promise<Answer> {
  const limit = Number(url.searchParams.get('limit') ?? INBOX_PAGE_SIZE)
  const before = url.searchParams.get('before')
  const listingId = url.searchParams.get('listingId')
  const values: unknown[] = [userId]
  if (before !== null) values.push(Number(before))
  if (listingId !== null) values.push(listingId)
  values.push(limit + 1)
  const { rows } = (await sqlPlannedPerCall(pool, inboxSql(before !== null, listingId !== null), values)) as {
    rows: Row[]
  }
  const entries = rows.slice(0, limit).map((row) => ({
    id: row.id,
    about:
      row.listingId && row.title !== null
        ? { kind: 'listing', id: row.listingId, title: row.title, available: row.available }
        : null,
    other: row.name === null ? null : { name: row.name, photo: row.photo ?? '' },
    lastMessage: {
      id: row.lastId,
      body: row.lastBody,
      mine: row.lastMine,
      kind: row.lastKind,
      ...(row.lastEvent
        ? { event: { type: row.lastEvent, ...(row.lastViewing ? { viewingId: row.lastViewing } : {}) } }
        : {}),
      createdAt: row.lastAt,
    },
    unread: row.unread,
    state: row.state,
    startedByMe: row.startedByMe,
  }))
  const headers: Record<string, string> = { 'Cache-Control': 'no-store' }
  const last = entries.at(-1)
  if (rows.length > limit && last) {
    const next = new URLSearchParams({ limit: String(limit), before: String(last.lastMessage.id) })
    if (listingId) next.set('listingId', listingId)
    headers.Link = `<${API.conversations}?${next}>; rel="next"`
  }
  return { status: 200, headers, body: entries }
}
