import { setImmediate as yieldToRequests } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import type { SystemReportReason } from '#shared/reports.ts'
import type { Database } from '../db/client.ts'
import { rowsOf } from '../db/sql.ts'
import { findNearCopy } from './copied-photo.ts'
import { scamPhrasesIn } from './scam-phrases.ts'

// The signals (docs/architecture.md §10, decision 051): the system's own reports on what looks like a scam. Writes
// queue what to look at (`signal_check`, by triggers); each run takes the queue oldest first, a batch at a time,
// files a report for each signal it finds and deletes what it looked at. Filing is idempotent (one system report
// per target and signal, ever: `report_system_idx`), so a run that dies midway is simply done again.

/** Rent under this share of the local median is a signal, */
export const LOW_RENT_SHARE = 0.5
/** "local" being the Available listings of other people within this many km, */
export const LOW_RENT_RADIUS_KM = 15
/** and only when there are at least this many of them to compare with. */
export const LOW_RENT_COMPARABLES = 10

/** Queued checks taken per batch. */
export const SIGNAL_BATCH = 100

type Finding = {
  targetKind: 'listing' | 'message'
  targetId: string
  reason: SystemReportReason
  note: string
}

const quoted = (phrases: string[]) => phrases.map((phrase) => `“${phrase}”`).join(', ')

const idList = (ids: string[], type: 'uuid' | 'bigint') =>
  sql.join(
    ids.map((id) => sql`${id}::${sql.raw(type)}`),
    sql`, `,
  )

/** The listings whose rent is under half the median of enough listings near them. */
async function lowRents(db: Database, ids: string[]): Promise<Finding[]> {
  if (ids.length === 0) return []
  const radius = LOW_RENT_RADIUS_KM * 1000
  const rows = await rowsOf<{ id: string; rent: number; median: number; comparables: number }>(
    db,
    sql`select l.id, l.rent, round(c.median)::int as median, c.comparables
      from listing l cross join lateral (
        select count(*)::int as comparables, percentile_cont(0.5) within group (order by o.rent) as median
        from listing o
        where earth_box(l.earth, ${radius}) @> o.earth and earth_distance(l.earth, o.earth) <= ${radius}
          and o.availability = 'Available' and o.hidden_reason is null and o.owner_id <> l.owner_id) c
      where l.id in (${idList(ids, 'uuid')})
        and l.earth is not null and l.availability = 'Available'
        and c.comparables >= ${LOW_RENT_COMPARABLES} and l.rent < c.median * ${LOW_RENT_SHARE}`,
  )
  return rows.map(({ id, rent, median, comparables }) => ({
    targetKind: 'listing',
    targetId: id,
    reason: 'low_rent',
    note: `Rent ${rent} is under half the median rent (${median}) of ${comparables} other people’s Available listings within ${LOW_RENT_RADIUS_KM} km.`,
  }))
}

/** The texts among `rows` that hold scam phrases, as findings on `targetKind` whose note begins with `what`. */
function phraseFindings(
  rows: { id: string; text: string }[],
  targetKind: Finding['targetKind'],
  what: string,
) {
  return rows.flatMap(({ id, text }): Finding[] => {
    const phrases = scamPhrasesIn(text)
    return phrases.length === 0
      ? []
      : [
          {
            targetKind,
            targetId: id,
            reason: 'scam_phrase',
            note: `${what} uses words scams use: ${quoted(phrases)}.`,
          },
        ]
  })
}

/** Listings and first messages whose words include scam phrases. */
async function scamWords(db: Database, listingIds: string[], messageIds: string[]): Promise<Finding[]> {
  const numeric = messageIds.filter((id) => /^[0-9]{1,15}$/.test(id))
  const listings = listingIds.length
    ? await rowsOf<{ id: string; text: string }>(
        db,
        sql`select id, title || ' ' || description as text from listing where id in (${idList(listingIds, 'uuid')})`,
      )
    : []
  const messages = numeric.length
    ? await rowsOf<{ id: string; text: string }>(
        db,
        sql`select id::text, body as text from message where id in (${idList(numeric, 'bigint')})`,
      )
    : []
  return [
    ...phraseFindings(listings, 'listing', 'Its title or description'),
    ...phraseFindings(messages, 'message', 'The first message of a conversation'),
  ]
}

/** Photos that are near-copies of a photo on another person's listing: the new photo's listing is reported. */
async function copiedPhotos(db: Database, photoIds: string[]): Promise<Finding[]> {
  const uuids = photoIds.filter((id) => /^[0-9a-f-]{36}$/.test(id))
  if (uuids.length === 0) return []
  const photos = await rowsOf<{
    id: string
    listingId: string
    ownerId: string
    hash: string
    storedAt: string
    position: number
  }>(
    db,
    sql`select p.id, p.listing_id as "listingId", l.owner_id as "ownerId", p.hash::text as hash,
        p.created_at::text as "storedAt", p.position
      from listing_photo p join listing l on l.id = p.listing_id
      where p.hash is not null and p.id in (${idList(uuids, 'uuid')})`,
  )
  const findings: Finding[] = []
  for (const photo of photos) {
    const copy = await findNearCopy(db, { ...photo, hash: BigInt(photo.hash) })
    if (copy)
      findings.push({
        targetKind: 'listing',
        targetId: photo.listingId,
        reason: 'copied_photo',
        note: `Its photo ${photo.position + 1} is a near-copy (${copy.distance} of 64 bits apart) of a photo on another person’s listing “${copy.title.slice(0, 120)}” (${copy.listingId}).`,
      })
  }
  return findings
}

/** Files each finding as a system report unless that target already has one for that signal; answers how many. */
async function file(db: Database, findings: Finding[]): Promise<number> {
  let filed = 0
  for (const { targetKind, targetId, reason, note } of findings) {
    const rows = await rowsOf(
      db,
      sql`insert into report (target_kind, target_id, reason, note, is_system)
        values (${targetKind}, ${targetId}, ${reason}, ${note}, true)
        on conflict (target_kind, target_id, reason) where is_system do nothing
        returning id`,
    )
    filed += rows.length
  }
  return filed
}

/** One batch: answers how many queued checks it took and how many reports it filed. */
export async function runSignalBatch(db: Database, limit = SIGNAL_BATCH) {
  const taken = await rowsOf<{ id: number; kind: 'listing' | 'photo' | 'message'; targetId: string }>(
    db,
    sql`select id, kind, target_id as "targetId" from signal_check order by id limit ${limit}`,
  )
  if (taken.length === 0) return { checked: 0, filed: 0 }
  const of = (kind: string) => [
    ...new Set(taken.filter((row) => row.kind === kind).map((row) => row.targetId)),
  ]
  const listings = of('listing').filter((id) => /^[0-9a-f-]{36}$/.test(id))
  const findings = [
    ...(await lowRents(db, listings)),
    ...(await scamWords(db, listings, of('message'))),
    ...(await copiedPhotos(db, of('photo'))),
  ]
  const filed = await file(db, findings)
  await db.execute(
    sql`delete from signal_check where id in (${sql.join(
      taken.map((row) => sql`${row.id}`),
      sql`, `,
    )})`,
  )
  return { checked: taken.length, filed }
}

/** Works the queue until it is empty or `signal` aborts, yielding to requests between batches. */
export async function runSignals(db: Database, signal?: AbortSignal) {
  let checked = 0
  let filed = 0
  while (!signal?.aborted) {
    const batch = await runSignalBatch(db)
    checked += batch.checked
    filed += batch.filed
    if (batch.checked < SIGNAL_BATCH) break
    await yieldToRequests()
  }
  return { checked, filed }
}
