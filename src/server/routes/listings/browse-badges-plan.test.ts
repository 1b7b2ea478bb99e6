import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { PAGE_SIZE, type BrowseQuery } from '#shared/listing.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { prepareRaw } from '../../db/prepare-raw.ts'
import { openTestDatabase } from '../../test/database.ts'
import { browseValues, pageQuery } from './browse-queries.ts'

// A card's badges (decision 096) are read per row the page returns, by index probes in the row's own fields: the
// statement's plan (its scans, joins and sort) stays browse's, whatever it is.

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await openTestDatabase({ poolSize: 1 })
  await handle.db.execute(sql`
    insert into "user" (id, name, email, email_verified)
    select 'badge-owner-' || n, 'Owner ' || n, 'badge-owner-' || n || '@nestmate.test', n % 2 = 0
    from generate_series(1, 50) as n`)
  await handle.db.execute(sql`
    insert into listing (owner_id, title, location, rent, room_type, contact)
    select 'badge-owner-' || (n % 50 + 1), 'Room ' || n, 'Town ' || n, 300 + n % 40 * 25, 'Single',
      'https://example.com/' || n
    from generate_series(1, 400) as n`)
  await handle.db.execute(sql`
    insert into reply_stat (user_id, reply_rate, reply_hours, refreshed_at)
    select 'badge-owner-' || n, 90, 3, now() from generate_series(1, 25) as n`)
  await handle.db.execute(sql`analyze`)
})
afterAll(() => handle?.close())

/** The lines of `query`'s plan, and for each whether it is part of a SubPlan (worked out per returned row). */
async function plan(query: BrowseQuery, name: string) {
  const explain = prepareRaw<Record<string, string>>(
    handle.db,
    name,
    sql`explain (costs off) ${pageQuery(handle.db, query, false)}`,
  )
  // At this table's size the planner would read the small tables whole; what is checked is that an index serves.
  await handle.db.execute(sql`set enable_seqscan = off`)
  const rows = await explain(browseValues(query, null)).finally(() =>
    handle.db.execute(sql`reset enable_seqscan`),
  )
  const lines = rows.map((row) => Object.values(row).join(' '))
  let subPlanIndent = -1
  return lines.map((line) => {
    const indent = line.search(/\S/)
    if (subPlanIndent >= 0 && indent <= subPlanIndent) subPlanIndent = -1
    if (/^\s*SubPlan/.test(line) && subPlanIndent < 0) subPlanIndent = indent
    return { line, inSubPlan: subPlanIndent >= 0 }
  })
}

test.each<[string, BrowseQuery]>([
  ['cheapest first', { sort: 'rent_asc', limit: PAGE_SIZE, radiusKm: 15 }],
  ['newest, a room type', { sort: 'newest', limit: PAGE_SIZE, radiusKm: 15, roomType: 'Single' }],
  ['a search', { sort: 'rent_desc', limit: PAGE_SIZE, radiusKm: 15, q: 'Room 1' }],
])('browse %s reads the badges only in per-row subplans, never as a join', async (_, query) => {
  const lines = await plan(query, `badges_plan_${query.sort}`)
  const text = lines.map(({ line }) => line).join('\n')
  const badgeReads = lines.filter(({ line }) => /\b(reply_stat|reference)\b/.test(line))
  expect(badgeReads.length, text).toBeGreaterThan(0)
  for (const { line, inSubPlan } of badgeReads) expect(inSubPlan, `${line}\n${text}`).toBe(true)
  // Each badge read is an index probe: a person's stats by key, their references by the subject's index.
  expect(text).toMatch(/Index Scan using reply_stat_pkey on reply_stat/)
  expect(text).toMatch(/Index (Only )?Scan using reference_subject_referee_idx on reference/)
})
