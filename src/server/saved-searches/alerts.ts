import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { API, PATHS } from '#shared/api.ts'
import { DIGEST_LISTINGS_MAX, openSavedSearchPath, type Alert } from '#shared/saved-searches.ts'
import type { Database } from '../db/client.ts'
import type { Config } from '../env.ts'
import { sendMailsOnce } from '../jobs/send-mail-once.ts'
import type { Mailer } from '../mail/mailer.ts'
import { renderSavedSearchMail } from './saved-search-mail-template.ts'
import { rowsOf } from '../db/sql.ts'
import { cover } from '../listings/listing-columns.ts'
import { matchingSearches } from './inverse-match.ts'
import { notifyNewRooms } from './new-rooms.ts'
import { unsubscribeToken } from './saved-view.ts'
import { PAGES } from '#shared/pages.ts'
import { queuePushesSql, wakePushJob } from '../push/push-queue.ts'

// Saved-search alerts (docs/architecture.md §10, decisions 048 and 083), in three steps the jobs run:
// 1. `recordHits`: the listings a trigger queued (posted Available, or turned Available) are matched against every
//    saved search in one statement that also takes them off the queue, so each is matched once; a fitting listing
//    becomes a hit of that search, once (its key), unless it is the searcher's own. An instant search's hit also
//    pushes to its owner's devices that take `alerts`, in the same statement (decision 099), and every owner's open
//    pages hear of it on the live channel (decision 100).
// 2. `claimBatches`: a search's unmailed hits are named as one mail (`batch`), committed before anything is sent;
//    an instant search's once its burst window (ALERT_WINDOW_MS from its first unmailed hit) has passed.
// 3. `sendBatches`: each named mail goes through sendMailsOnce under its name: a retry after a kill -9 sends a
//    batch not yet sent, and a batch sent before the kill is claimed already, so it never goes twice. Mails go in
//    chunks: one statement reads a chunk's rooms and one marks them mailed (per mail, only its claim).

/** Alert mails on their way at once. */
export const SEND_CONCURRENCY = 4

/** Listings matched per statement; the next run takes the rest. */
export const EVENT_BATCH = 500

/** Matches queued listings against the saved searches; answers how many listings it took. */
export async function recordHits(db: Database, limit = EVENT_BATCH) {
  const [row] = await rowsOf<{ events: number; hits: number }>(
    db,
    sql`with taken as (
        delete from saved_search_event where id in (
          select id from saved_search_event order by id limit ${limit} for update skip locked)
        returning listing_id, created_at
      ), matched as ${matchingSearches(sql`listing.id in (select listing_id from taken)`)},
      inserted as (
        insert into saved_search_hit (search_id, listing_id, mailed_at)
        select distinct on (search_id, matched.listing_id) search_id, matched.listing_id,
          case when alert = 'off' then now() end
        from matched join taken on taken.listing_id = matched.listing_id
        -- A search saved after the listing was queued already showed it: it isn't new to that search.
        where owner_id <> user_id and availability = 'Available' and search_created_at <= taken.created_at
        on conflict do nothing
        returning search_id, listing_id
      ), pushed as (${queuePushesSql(
        'alerts',
        sql`select s.user_id, 'alert:' || i.search_id || ':' || i.listing_id as key,
          'A new room fits “' || s.name || '”' as title, room.title as body,
          replace(${PAGES.details.path}, ':id', room.id::text) as url
        from inserted i join saved_search s on s.id = i.search_id join listing room on room.id = i.listing_id
        where s.alert = 'instant'`,
      )}),
      -- Each owner whose searches gained a room: their open pages' badges count again.
      notified as (select ${notifyNewRooms(sql`owner.user_id`)} from (select distinct s.user_id
        from inserted i join saved_search s on s.id = i.search_id) owner)
      select (select count(*) from taken)::int as events, (select count(*) from inserted)::int as hits,
        (select count(*) from notified)::int as notified, ${wakePushJob('pushed')}`,
  )
  return row ?? { events: 0, hits: 0 }
}

/** A daily search's digest is due this long after its last one (or its creation). */
export const DIGEST_EVERY_MS = 24 * 60 * 60 * 1000

/**
 * An instant search's matches are collected this long after its first unmailed one, then mailed together: a
 * burst of rooms is one mail, whenever the jobs happen to run (decision 083). The default of ALERT_WINDOW_SECONDS
 * (src/server/env.ts), which the jobs are given.
 */
export const ALERT_WINDOW_MS = 60_000

const pending = sql`exists (select 1 from saved_search_hit p where p.search_id = s.id and p.batch is null
  and p.mailed_at is null)`
const verified = sql`exists (select 1 from "user" u where u.id = s.user_id and u.email_verified)`

/** Each instant search that has something to mail, with the end of its window: its first unmailed hit's time + the window. */
const instantWindows = (
  windowMs: number,
) => sql`select s.id, (select min(p.created_at) from saved_search_hit p
    where p.search_id = s.id and p.batch is null and p.mailed_at is null)
    + ${windowMs} * interval '1 millisecond' as ends
  from saved_search s where s.alert = 'instant' and ${pending} and ${verified}`

/** When the next instant window ends (the job's clock), or undefined when no instant search has one open. */
export async function nextWindowEnd(db: Database, windowMs: number) {
  const [row] = await rowsOf<{ ends: number | null }>(
    db,
    sql`select (extract(epoch from min(ends)) * 1000)::float8 as ends from (${instantWindows(windowMs)}) w`,
  )
  return row?.ends == null ? undefined : new Date(row.ends)
}

/**
 * Names one mail per search with unmailed hits, for people with a verified address: the instant searches whose
 * window has ended by `now`, or the daily searches whose digest is due by `now` (the job's clock, which tests
 * move), marking their digest taken.
 */
export async function claimBatches(
  db: Database,
  alert: Exclude<Alert, 'off'>,
  now: Date,
  windowMs = ALERT_WINDOW_MS,
) {
  const stamp = randomUUID()
  const due =
    alert === 'instant'
      ? sql`select id from (${instantWindows(windowMs)}) w where ends <= ${now.toISOString()}`
      : sql`update saved_search s set digest_at = ${now.toISOString()}
          where s.alert = 'daily' and ${pending} and ${verified}
            and coalesce(s.digest_at, s.created_at) <= ${new Date(now.getTime() - DIGEST_EVERY_MS).toISOString()}
          returning s.id`
  await db.execute(sql`with due as (${due})
    update saved_search_hit h set batch = h.search_id || ':' || ${stamp}
    from due where h.search_id = due.id and h.batch is null and h.mailed_at is null`)
}

type Batch = {
  batch: string
  searchId: string
  searchName: string
  query: string
  email: string
  name: string
  total: number
}

type BatchListing = {
  batch: string
  id: string
  title: string
  place: string
  rent: number
  cover: { url: string } | null
}

/** Named mails handled together: one read of their rooms, one mark of their claims and of their rooms. */
export const SEND_CHUNK = 100

/** The rooms each batch's mail shows (its newest first, at most DIGEST_LISTINGS_MAX), in one statement. */
async function roomsOf(db: Database, batches: Batch[]) {
  // Each batch through its search's primary key (a batch is one search's): no scan of every hit.
  const named = sql.join(
    batches.map(({ searchId, batch }) => sql`(${searchId}::uuid, ${batch})`),
    sql`, `,
  )
  const rows = await rowsOf<BatchListing>(
    db,
    sql`select batch, id, title, place, rent, cover from (
        select h.batch, listing.id, listing.title, coalesce(listing.place_name, listing.location) as place,
          listing.rent, ${cover} as cover,
          row_number() over (partition by h.batch order by listing.created_at desc, listing.id) as n
        from saved_search_hit h join listing on listing.id = h.listing_id
        where (h.search_id, h.batch) in (${named})
      ) ranked where n <= ${DIGEST_LISTINGS_MAX} order by batch, n`,
  )
  const rooms = new Map<string, BatchListing[]>()
  for (const row of rows) rooms.set(row.batch, [...(rooms.get(row.batch) ?? []), row])
  return (batch: Batch) => rooms.get(batch.batch) ?? []
}

/** Sends every named mail not yet marked sent; answers how many went and how many failed. */
export async function sendBatches(
  { db, mailer, log }: { db: Database; mailer: Pick<Mailer, 'deliver'>; log: FastifyBaseLogger },
  config: Pick<Config, 'baseUrl' | 'authSecret' | 'currency'>,
  signal?: AbortSignal,
) {
  const batches = await rowsOf<Batch>(
    db,
    sql`select h.batch, s.id as "searchId", s.name as "searchName", s.query, u.email, u.name,
        count(*)::int as total
      from saved_search_hit h join saved_search s on s.id = h.search_id join "user" u on u.id = s.user_id
      where h.batch is not null and h.mailed_at is null
      group by h.batch, s.id, u.id order by h.batch`,
  )

  function mailOf(batch: Batch, listings: BatchListing[]) {
    const unsubscribeLink = `${config.baseUrl}${PATHS.unsubscribe}?token=${unsubscribeToken(config.authSecret, batch.searchId)}`
    const searchLink = `${config.baseUrl}${openSavedSearchPath(PATHS.browse, batch.searchId, batch.query)}`
    const mail = renderSavedSearchMail({
      name: batch.name,
      searchName: batch.searchName,
      listings: listings.map(({ batch: _, ...listing }) => ({
        ...listing,
        cover: listing.cover ? `${config.baseUrl}${listing.cover.url}` : null,
        link: `${config.baseUrl}${PATHS.details(listing.id)}`,
      })),
      total: batch.total,
      searchLink,
      unsubscribeLink,
      siteName: 'Nestmate',
      baseUrl: config.baseUrl,
      currency: config.currency,
    })
    return {
      key: `saved-search:${batch.batch}`,
      mail: {
        to: batch.email,
        link: searchLink,
        ...mail,
        headers: {
          // RFC 8058: the mail client posts `List-Unsubscribe=One-Click` here; no session, the token decides.
          'List-Unsubscribe': `<${config.baseUrl}${API.unsubscribe(unsubscribeToken(config.authSecret, batch.searchId))}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      },
    }
  }

  let sent = 0
  let failed = 0
  // A chunk of mails at a time, a few of them on their way at once: most of a mail's time is the mail server's
  // answer, and the digests of a day are many. Per mail only its claim is a statement of its own.
  for (let start = 0; start < batches.length && !signal?.aborted; start += SEND_CHUNK) {
    const chunk = batches.slice(start, start + SEND_CHUNK)
    const rooms = await roomsOf(db, chunk)
    const outcomes = await sendMailsOnce(
      { db, mailer, log },
      chunk.map((batch) => mailOf(batch, rooms(batch))),
      { concurrency: SEND_CONCURRENCY, signal },
    )
    sent += outcomes.filter((outcome) => outcome === 'sent').length
    failed += outcomes.filter((outcome) => outcome === 'not-sent' || outcome === 'broke-off').length
    // Certainly not sent, or not tried: the batch stays named, and the next run sends it. Otherwise its rooms are
    // marked mailed, as its claim says it went; a send that broke off stays claimed and is never sent again.
    const done = chunk.filter((_, index) => ['sent', 'claimed', 'broke-off'].includes(outcomes[index]!))
    if (done.length > 0)
      await db.execute(sql`update saved_search_hit set mailed_at = now()
        where (search_id, batch) in (${sql.join(
          done.map(({ searchId, batch }) => sql`(${searchId}::uuid, ${batch})`),
          sql`, `,
        )})`)
  }
  return { sent, failed }
}
