import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import type { BrowseQuery, BrowseSummary } from '#shared/listing.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { demoProfileRow } from '../../db/demo-profiles.ts'
import { livingProfile } from '../../db/schema/index.ts'
import { openTestDatabase } from '../../test/database.ts'
import { createLivingProfileRepository } from '../living-profile/living-profile-repository.ts'
import { browseValues, pageShape, preparePage, type PageRow } from './browse-queries.ts'
import type { Cursor } from './cursor.ts'
import { createListingsRepository, type Viewer } from './listings-repository.ts'

// Best match first is cut from each viewer's prefix of that order while it lasts, then from the full statement,
// which scores every profile and sorts every listing (decision 027). Walking every page both ways must give the same
// listings in the same order: through ties of score, across the prefix's end, with filters, and for listings whose
// poster has no score. Rooms Not Available come after every available one, in the same order among themselves.

let handle: DatabaseHandle
let viewer: Viewer
beforeAll(async () => {
  handle = await openTestDatabase({ poolSize: 1 })
  // 130 people, 110 with a living profile (one of 12 demo profiles, so scores tie), each with 1–5 listings: about
  // 390 listings, more than a prefix holds.
  await handle.db.execute(sql`
    insert into "user" (id, name, email)
    select 'bm-' || n, 'Person ' || n, 'bm-' || n || '@nestmate.test' from generate_series(1, 130) as n`)
  await handle.db.execute(sql`
    insert into listing (owner_id, title, location, rent, room_type, contact, availability)
    select 'bm-' || n, 'Room ' || n || '-' || k, 'Town', 400 + (n * 7 + k) % 30 * 20,
      (array['Single', 'Shared', 'Studio'])[1 + (n + k) % 3], 'https://example.com/' || n,
      case when (n + 2 * k) % 5 = 0 then 'Not Available' else 'Available' end
    from generate_series(1, 130) as n, generate_series(1, 1 + n % 5) as k`)
  await handle.db
    .insert(livingProfile)
    .values(Array.from({ length: 110 }, (_, i) => demoProfileRow(`bm-${i + 1}`, i % 12)))
  const codes = await createLivingProfileRepository(handle.db).codes('bm-1')
  viewer = { id: 'bm-1', codes: codes! }
})
afterAll(() => handle?.close())

const keyOf = (row: PageRow) => ({ value: row.matchKey!, id: row._id })
const entry = (row: BrowseSummary) => `${row._id}:${row.match}:${row.sharedInterests}:${row.availability}`
const field = (entry: string, at: number) => entry.split(':')[at]!

/** Every page by the full statement alone: the order's definition. */
async function fullOrder(query: BrowseQuery): Promise<string[]> {
  const name = (withCursor: boolean) => `bm_full_${pageShape(query, withCursor, true)}`
  const first = preparePage(handle.db, query, false, name(false), true)
  const next = preparePage(handle.db, query, true, name(true), true)
  const ids: string[] = []
  let cursor: Cursor | null = null
  for (;;) {
    const rows: PageRow[] = await (cursor ? next : first)(browseValues(query, cursor, undefined, viewer))
    const page = rows.slice(0, query.limit)
    ids.push(...page.map(entry))
    if (rows.length <= query.limit) return ids
    cursor = keyOf(page.at(-1)!)
  }
}

/** Every page as browse serves them. */
async function served(query: BrowseQuery): Promise<string[]> {
  const listings = createListingsRepository(handle.db)
  const ids: string[] = []
  let cursor: Cursor | null = null
  for (;;) {
    const page = await listings.browse(query, cursor, undefined, viewer)
    ids.push(...page.listings.map(entry))
    if (!page.next) return ids
    cursor = page.next
  }
}

test('every best-match page is the full order, from the prefix and past its end', async () => {
  const query: BrowseQuery = { sort: 'match', limit: 7, radiusKm: 15 }
  const want = await fullOrder(query)
  expect(want.length).toBeGreaterThan(350)
  // Scores tie (12 profiles for 110 people) and some listings have none.
  expect(new Set(want.map((entry) => field(entry, 1))).size).toBeGreaterThan(3)
  expect(want.some((entry) => field(entry, 1) === 'null')).toBe(true)
  expect(await served(query)).toEqual(want)
})

test('rooms Not Available come after every available one, best match first in each', async () => {
  const query: BrowseQuery = { sort: 'match', limit: 7, radiusKm: 15 }
  const order = await served(query)
  const isAvailable = order.map((entry) => field(entry, 3) === 'Available')
  const firstUnavailable = isAvailable.indexOf(false)
  expect(firstUnavailable).toBeGreaterThan(0)
  expect(isAvailable.slice(firstUnavailable)).not.toContain(true)
  // Each group is in best-match order: scores descending, the ones without a score last.
  const key = (entry: string) => (field(entry, 1) === 'null' ? -1 : Number(field(entry, 1)))
  for (const group of [order.slice(0, firstUnavailable), order.slice(firstUnavailable)]) {
    const keys = group.map(key)
    expect(keys).toEqual([...keys].sort((a, b) => b - a))
    expect(new Set(keys).size).toBeGreaterThan(2)
  }
})

test('with filters and the page size the site uses', async () => {
  for (const query of [
    { sort: 'match', limit: 24, radiusKm: 15, roomType: 'Studio' },
    { sort: 'match', limit: 5, radiusKm: 15, maxRent: 600 },
  ] as BrowseQuery[])
    expect(await served(query)).toEqual(await fullOrder(query))
})

test('a listing deleted after the prefix was worked out is left out, and the page still fills', async () => {
  const listings = createListingsRepository(handle.db)
  const query: BrowseQuery = { sort: 'match', limit: 7, radiusKm: 15 }
  const before = await listings.browse(query, null, undefined, viewer)
  const gone = before.listings[2]!._id
  // Deleted behind this process's back (another process, say): the prefix still names it.
  await handle.db.execute(sql`delete from listing where id = ${gone}`)
  const after = await listings.browse(query, null, undefined, viewer)
  expect(after.listings.map((row) => row._id)).not.toContain(gone)
  expect(after.listings).toHaveLength(7)
  expect(after.listings.map((row) => row._id)).toEqual(
    (await fullOrder(query)).slice(0, 7).map((e) => field(e, 0)),
  )
})
