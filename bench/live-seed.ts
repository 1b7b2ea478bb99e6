import { createHmac } from 'node:crypto'
import type { Endpoint } from './endpoints.ts'

// The data of the conversations benchmark (bench/live.ts), in SQL: people with sessions who keep a live stream
// open, paired in conversations, and one person with many conversations (the inbox). Everything is inserted as
// the app would leave it (both sides of each conversation, its last message, unread counts), so the app's own
// reads and writes work on it unchanged.

/** The live people: `live-user-<i>`, i from 1; person 2k-1 and person 2k share conversation k. */
export const livePerson = (i: number) => `live-user-${i}`
/** The person whose inbox is measured. */
export const INBOX_PERSON = 'live-inbox'
/** How many of the inbox person's listings the conversations are about (the filter by listing picks one). */
const INBOX_LISTINGS = 20

/**
 * Better Auth's session cookie for a session token: `<token>.<base64 HMAC-SHA256 of the token>`, URL-encoded,
 * as it signs it (src/server/plugins/session-cookie.ts reads it). A session made in SQL is then as good as one
 * made by signing in, without a password hash per person.
 */
export function sessionCookie(token: string, secret: string) {
  const signature = createHmac('sha256', secret).update(token).digest('base64')
  return `better-auth.session_token=${encodeURIComponent(`${token}.${signature}`)}`
}

/** A session token per live person, unique per run (the app caches sessions by cookie). */
export const liveToken = (i: number, run: string) => `live${i}t${run}`

/**
 * Conversations from a `source` select with the columns k (a unique number), listing_id, seeker_id, poster_id,
 * sender_id, body, created_at and unread (whether its recipient hasn't read it): one message each, and both
 * sides. An unread message counts as already mailed, so the unread-mail job leaves it alone.
 */
function conversationsFrom(source: string) {
  return `with src as (${source}),
    c as (
      insert into conversation (listing_id, seeker_id, poster_id, created_at)
      select listing_id, seeker_id, poster_id, created_at from src order by k
      returning id, listing_id, seeker_id
    ),
    j as (
      select c.id, src.* from c join src on src.seeker_id = c.seeker_id and src.listing_id = c.listing_id
    ),
    m as (
      insert into message (conversation_id, sender_id, body, created_at)
      select id, sender_id, body, created_at from j order by k
      returning id, conversation_id
    )
    insert into conversation_member (conversation_id, user_id, other_id, last_message_id, read_id, unread,
                                     unread_since, mailed_at)
    select j.id, side.user_id, side.other_id, m.id,
           case when side.user_id = j.sender_id or not j.unread then m.id else 0 end,
           case when side.user_id <> j.sender_id and j.unread then 1 else 0 end,
           case when side.user_id <> j.sender_id and j.unread then j.created_at end,
           case when side.user_id <> j.sender_id and j.unread then now() end
    from j join m on m.conversation_id = j.id
    cross join lateral (values (j.seeker_id, j.poster_id), (j.poster_id, j.seeker_id)) side(user_id, other_id)`
}

/**
 * `people` live people with verified e-mail and a session each, paired in `people / 2` conversations about
 * seeded listings; `inboxPerson` (an existing user) gets `conversations` conversations about their own listings
 * (the first 20 listings become theirs), each with a correspondent of its own and one message, a third unread.
 */
export function liveSeedStatements(options: {
  people: number
  conversations: number
  run: string
  inboxPerson?: string
}): string[] {
  const { people, conversations, run } = options
  const inbox = options.inboxPerson ?? INBOX_PERSON
  const statements: string[] = []
  if (!options.inboxPerson)
    statements.push(`insert into "user" (id, name, email, email_verified, created_at, updated_at)
      values ('${INBOX_PERSON}', 'Inbox Person', 'inbox@bench.nestmate.test', true, now(), now())`)
  statements.push(
    `insert into "user" (id, name, email, email_verified, created_at, updated_at)
     select 'live-user-' || i, 'Live Person ' || i, 'live' || i || '.${run}@bench.nestmate.test', true, now(), now()
     from generate_series(1, ${people}) i`,
    `insert into session (id, token, expires_at, user_id, created_at, updated_at)
     select 'live-session-' || i, 'live' || i || 't${run}', now() + interval '7 days', 'live-user-' || i, now(), now()
     from generate_series(1, ${people}) i`,
    conversationsFrom(`select k, l.id as listing_id, 'live-user-' || (2 * k - 1) as seeker_id,
        'live-user-' || (2 * k) as poster_id, 'live-user-' || (2 * k - 1) as sender_id,
        'Hello, is the room still free?' as body, now() - interval '1 hour' as created_at, false as unread
      from generate_series(1, ${Math.floor(people / 2)}) k
      join (select id, row_number() over (order by id) as n from listing) l
        on l.n = 1 + (k - 1) % (select count(*) from listing)`),
    `update listing set owner_id = '${inbox}'
     where id in (select id from listing order by id limit ${INBOX_LISTINGS})`,
    `insert into "user" (id, name, email, email_verified, created_at, updated_at)
     select 'live-corr-' || i, 'Correspondent ' || i, 'corr' || i || '.${run}@bench.nestmate.test', true, now(), now()
     from generate_series(1, ${conversations}) i`,
    // Newest activity spread over a year; the inbox person wrote last in half, a third is unread.
    conversationsFrom(`select k, l.id as listing_id, 'live-corr-' || k as seeker_id, '${inbox}' as poster_id,
        case when k % 2 = 0 then '${inbox}' else 'live-corr-' || k end as sender_id,
        'Message ' || k || ': when could I come and see the room? I work from home two days a week.' as body,
        now() - (${conversations} - k) * interval '1 minute' as created_at, k % 6 = 1 as unread
      from generate_series(1, ${conversations}) k
      join (select id, row_number() over (order by id) as n from listing where owner_id = '${inbox}') l
        on l.n = 1 + k % ${INBOX_LISTINGS}`),
  )
  return statements
}

/** What the inbox rows ask for: a listing of the inbox person and a cursor 90 % of the way down. */
export type InboxSeed = { listingId: string; deepBefore: number }

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>

export async function describeInbox(query: Query, inboxPerson = INBOX_PERSON): Promise<InboxSeed> {
  const listing = await query(`select id from listing where owner_id = '${inboxPerson}' order by id limit 1`)
  const deep = await query(`select last_message_id::float8 as id from conversation_member
    where user_id = '${inboxPerson}' order by last_message_id desc
    offset (select floor(count(*) * 0.9) from conversation_member where user_id = '${inboxPerson}') limit 1`)
  return { listingId: String(listing.rows[0]!.id), deepBefore: Number(deep.rows[0]!.id) }
}

/** The inbox requests measured (signed in as the inbox person), Nestmate against reference 1. */
export function inboxEndpoints(seed: InboxSeed): Endpoint[] {
  const get = (name: string, paths: string[]): Endpoint => ({
    name,
    method: 'GET',
    paths,
    signedIn: true,
    read: true,
  })
  return [
    get('inbox: first page', ['/api/conversations']),
    get('inbox: deep page', [`/api/conversations?before=${seed.deepBefore}`]),
    get('inbox: one listing', [`/api/conversations?listingId=${seed.listingId}`]),
  ]
}
