import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { PAGE_SIZE, type BrowseQuery } from '#shared/listing.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { openTestDatabase, selectRows } from '../../test/database.ts'
import { browseValues, pageQuery, pageShape, preparePage, type PageRow } from './browse-queries.ts'
import { prepareRaw } from '../../db/prepare-raw.ts'
import { earthPoint, isWideNear, latLonBox, type Center } from '../../listings/near-plan.ts'
import type { Cursor } from './cursor.ts'

// Browse near a place has three plans (decision 027): the circle's listings sorted, a walk of the sort's index
// testing lat/lon ("wide"), and the GiST index's nearest-first walk for sort=distance. Whichever runs, every page
// must be the one the plain definition gives: every listing within the radius, in the sort's order, ties by id.

const BERLIN: Center = { lat: 52.52, lon: 13.405 }
const EARTH_RADIUS_M = 6_378_168

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await openTestDatabase({ poolSize: 1 })
  await handle.db.execute(sql`
    insert into "user" (id, name, email) values ('plans-owner', 'Plans Owner', 'plans-owner@nestmate.test')`)
  // 600 listings: 450 scattered within ~25 km of Berlin's centre (about 100 within 15 km), 150 in towns far away. Every ninth Berlin listing
  // sits exactly on one of five points (listings placed at a town's coordinates share them: distance ties), and rents
  // repeat (rent ties), so every order has runs of equal keys across page boundaries.
  await handle.db.execute(sql`
    insert into listing (owner_id, title, location, rent, room_type, contact, place_id, place_name, lat, lon,
      created_at)
    select 'plans-owner', 'Room ' || n, 'Town ' || n, 300 + (n * 37) % 40 * 25, 'Single', 'https://example.com/' || n,
      n, 'Place ' || n,
      case when n > 450 then -30 + (n % 60) when n % 9 = 0 then 52.52 + (n % 5) * 0.01
        else 52.52 + sin(n) * 0.22 end,
      case when n > 450 then -60 + (n % 120) when n % 9 = 0 then 13.405
        else 13.405 + cos(n * 1.7) * 0.36 end,
      timestamptz '2026-11-01T00:00:00Z' + (n % 97) * interval '1 hour'
    from generate_series(1, 600) as n`)
  await handle.db.execute(sql`analyze listing`)
})
afterAll(() => handle?.close())

/** The page order by the plain definition: a full scan, the distance as earthdistance measures it. */
async function expected(query: BrowseQuery, center: Center): Promise<string[]> {
  const point = earthPoint(center)
  const distance = sql`sec_to_gc(cube_distance(${point}::cube, earth))`
  const order = {
    rent_asc: sql`rent asc, id asc`,
    rent_desc: sql`rent desc, id desc`,
    newest: sql`created_at desc, id desc`,
    distance: sql`${distance} asc, id asc`,
    match: sql`id`,
  }[query.sort]
  const rows = await selectRows<{ id: string }>(
    handle,
    sql`select id from listing where ${distance} <= ${query.radiusKm * 1000}::float8 order by ${order}`,
  )
  return rows.map((row) => row.id)
}

/** Every page of `query` through one plan, following the cursor as the repository does. */
async function walk(query: BrowseQuery, center: Center, isWide: boolean): Promise<string[]> {
  // Named by shape, as the repository names them: on PostgreSQL a name is one statement per connection.
  const name = (withCursor: boolean) => `plans_${pageShape(query, withCursor, false, isWide)}`
  const first = preparePage(handle.db, query, false, name(false), false, isWide)
  const next = preparePage(handle.db, query, true, name(true), false, isWide)
  const ids: string[] = []
  let cursor: Cursor | null = null
  for (let pages = 0; pages < 200; pages++) {
    const rows: PageRow[] = await (cursor ? next : first)(browseValues(query, cursor, center))
    const page = rows.slice(0, query.limit)
    ids.push(...page.map((row) => row._id))
    const last = page.at(-1)
    if (rows.length <= query.limit || !last) return ids
    const value = {
      rent_asc: last.rent,
      rent_desc: last.rent,
      newest: last.createdAtExact!,
      distance: last.distanceExact!,
      match: 0,
    }[query.sort]
    cursor = { value, id: last._id }
  }
  throw new Error('more than 200 pages')
}

describe('every near= plan gives the pages the plain definition gives', () => {
  for (const sort of ['rent_asc', 'rent_desc', 'newest', 'distance'] as const) {
    test(`${sort}: the circle sorted, and the index walk, page by page`, async () => {
      for (const radiusKm of [15, 3]) {
        const query: BrowseQuery = { sort, limit: 7, radiusKm, near: 2950159 }
        const want = await expected(query, BERLIN)
        expect(want.length).toBeGreaterThan(radiusKm === 15 ? 80 : 10)
        expect(await walk(query, BERLIN, false)).toEqual(want)
        expect(await walk(query, BERLIN, true)).toEqual(want)
      }
    })
  }

  test("the site's own page size, whose limit is written into the statement", async () => {
    const query: BrowseQuery = { sort: 'rent_asc', limit: PAGE_SIZE, radiusKm: 15, near: 2950159 }
    const want = await expected(query, BERLIN)
    expect(await walk(query, BERLIN, true)).toEqual(want)
    const nearest = { ...query, sort: 'distance' as const }
    expect(await walk(nearest, BERLIN, false)).toEqual(await expected(nearest, BERLIN))
  })

  test('a place with no listing around it: an empty page from each plan', async () => {
    const nowhere: Center = { lat: -75, lon: 100 }
    for (const sort of ['rent_asc', 'distance'] as const) {
      const query: BrowseQuery = { sort, limit: 7, radiusKm: 50, near: 1 }
      expect(await walk(query, nowhere, false)).toEqual([])
      expect(await walk(query, nowhere, true)).toEqual([])
    }
  })
})

test('a circle is wide once it holds about 2√ of all listings', () => {
  expect(isWideNear(632, 100_000)).toBe(false)
  expect(isWideNear(633, 100_000)).toBe(true)
  expect(isWideNear(5, 1_000)).toBe(false)
})

describe('the lat/lon rectangle around a circle', () => {
  /** The point `distanceM` from `from` on bearing `bearing` (radians), on earthdistance's sphere. */
  function destination(from: Center, distanceM: number, bearing: number): Center {
    const rad = Math.PI / 180
    const angle = distanceM / EARTH_RADIUS_M
    const lat1 = from.lat * rad
    const lat2 = Math.asin(
      Math.sin(lat1) * Math.cos(angle) + Math.cos(lat1) * Math.sin(angle) * Math.cos(bearing),
    )
    const lon2 =
      from.lon * rad +
      Math.atan2(
        Math.sin(bearing) * Math.sin(angle) * Math.cos(lat1),
        Math.cos(angle) - Math.sin(lat1) * Math.sin(lat2),
      )
    const lon = ((((lon2 / rad + 540) % 360) + 360) % 360) - 180
    return { lat: lat2 / rad, lon }
  }

  test('holds every point of the circle, near the poles and across the antimeridian too', () => {
    let seed = 7
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    const centers: Center[] = [
      BERLIN,
      { lat: 0, lon: 179.9 },
      { lat: -33.9, lon: -179.95 },
      { lat: 89.5, lon: 10 },
    ]
    for (let i = 0; i < 200; i++) centers.push({ lat: random() * 178 - 89, lon: random() * 360 - 180 })
    for (const center of centers) {
      for (const radiusM of [1000, 15_000, 200_000]) {
        const { boxLat, boxLatDelta, boxLon, boxLonDelta } = latLonBox(center, radiusM)
        const box = {
          minLat: boxLat - boxLatDelta,
          maxLat: boxLat + boxLatDelta,
          minLon: boxLon - boxLonDelta,
          maxLon: boxLon + boxLonDelta,
        }
        for (let k = 0; k < 64; k++) {
          const point = destination(center, radiusM * (k % 2 ? 1 : random()), random() * 2 * Math.PI)
          expect(point.lat).toBeGreaterThanOrEqual(box.minLat)
          expect(point.lat).toBeLessThanOrEqual(box.maxLat)
          expect(point.lon).toBeGreaterThanOrEqual(box.minLon)
          expect(point.lon).toBeLessThanOrEqual(box.maxLon)
        }
      }
    }
  })

  test('stays narrow where it can: 15 km around Berlin is about 0.27° by 0.44°', () => {
    const box = latLonBox(BERLIN, 15_000)
    expect(box.boxLatDelta * 2).toBeCloseTo(0.27, 2)
    expect(box.boxLonDelta * 2).toBeGreaterThan(0.43)
    expect(box.boxLonDelta * 2).toBeLessThan(0.46)
  })
})

// The wide plan walks the sort's index and tests each entry's lat/lon (and that moderation hasn't hidden it) from
// the index alone: the rent and creation-time indexes carry what the walk tests (migration 0012). Reading each row
// instead cost near= three quarters of its speed at 100k listings (docs/benchmarks.md). At this table's size the
// planner would read it whole, so the session asks for index paths; what is checked is that one reads no rows.
test("near='s index walk reads no listing rows: the sort's index holds what it tests", async () => {
  await handle.db.execute(sql`vacuum analyze listing`)
  await handle.db.execute(sql`set enable_seqscan = off`)
  await handle.db.execute(sql`set enable_sort = off`)
  try {
    for (const [sort, index] of [
      ['rent_asc', 'listing_rent_id_idx'],
      ['rent_desc', 'listing_rent_id_idx'],
      ['newest', 'listing_created_at_id_idx'],
    ] as const) {
      const query: BrowseQuery = { sort, limit: PAGE_SIZE, radiusKm: 15, near: 2950159 }
      const explain = prepareRaw<Record<string, string>>(
        handle.db,
        `near_walk_plan_${sort}`,
        sql`explain (costs off) ${pageQuery(handle.db, query, false, false, true)}`,
      )
      const plan = (await explain(browseValues(query, null, BERLIN)))
        .map((row) => Object.values(row).join(' '))
        .join('\n')
      expect(plan, plan).toMatch(new RegExp(`Index Only Scan( Backward)? using ${index} on listing`))
      expect(plan, plan).toMatch(/Filter: \(\(hidden_reason IS NULL\) AND \(abs\(\(lat/)
    }
  } finally {
    await handle.db.execute(sql`reset enable_seqscan`)
    await handle.db.execute(sql`reset enable_sort`)
  }
})
