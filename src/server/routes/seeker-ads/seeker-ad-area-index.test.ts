import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { SeekerAdQuerySchema } from '#shared/seeker-ad.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { gazetteer } from '../../places/gazetteer.ts'
import { openTestDatabase, selectRows, testDatabaseKind } from '../../test/database.ts'
import { earthPoint } from '../../listings/near-plan.ts'
import { seekerAdFilters } from './seeker-ad-filters.ts'
import { prepareAdPage } from './seeker-ad-statements.ts'
import { createSeekerAdsRepository } from './seeker-ads-repository.ts'

// "An area whose circle holds this place" must not read every area: on both databases the containment test is
// answered by the GiST index on the areas' bounding cubes (seeker_ad_area_reach_idx, migration of the seeker ads),
// with the expression as seeker-ad-filters.ts writes it.
/** 5,000 ads, one area each, spread over a continent with radii from 5 to 50 km. */
async function seedAds(handle: DatabaseHandle) {
  await handle.db.execute(sql`
    insert into "user" (id, name, email)
    select 'seeker-' || n, 'Seeker ' || n, 'seeker-' || n || '@nestmate.test' from generate_series(1, 5000) n`)
  await handle.db.execute(sql`
    insert into seeker_ad (owner_id, headline, budget, room_types, areas)
    select 'seeker-' || n, 'Ad ' || n, 500 + n % 1000, array['Single'], '[]'::jsonb from generate_series(1, 5000) n`)
  await handle.db.execute(sql`
    insert into seeker_ad_area (ad_id, position, place_id, lat, lon, radius_km)
    select id, 0, row_number() over (), 35 + (row_number() over () % 97) * 0.2,
      -10 + (row_number() over () % 89) * 0.4, 5 + (row_number() over () % 10) * 5
    from seeker_ad`)
  await handle.db.execute(sql`analyze seeker_ad_area`)
  await handle.db.execute(sql`analyze seeker_ad`)
}

const planText = (rows: Record<string, string>[]) =>
  rows.map((row) => Object.values(row).join(' ')).join('\n')

test("near= on room-wanted ads is answered by the GiST index on each area's reach", async () => {
  const handle = await openTestDatabase({ poolSize: 1 })
  try {
    await seedAds(handle)
    const point = earthPoint({ lat: 52.52, lon: 13.41 })
    const plan = await selectRows<Record<string, string>>(
      handle,
      sql`explain select a.ad_id from seeker_ad_area a
          where a.reach @> ${point}::cube
            and sec_to_gc(cube_distance(a.earth, ${point}::cube)) <= a.radius_km * 1000`,
    )
    const text = planText(plan)
    expect(text).toContain('seeker_ad_area_reach_idx')
    expect(text).not.toMatch(/Seq Scan on seeker_ad_area/)
  } finally {
    await handle.close()
  }
})

// The statements are prepared once and PostgreSQL may run them on a generic plan, made without the values. A value
// the partial indexes' predicate names (status 'active') must be in the statement's text, not bound: bound, no
// generic plan can use those indexes, so PostgreSQL plans every call afresh (~2 ms at 100k ads) or, if it settles on
// the generic plan, reads and sorts every ad (1.2 s near a busy place at 100k).
test("Rooms wanted's pages walk the active ads' index on a generic plan too", async () => {
  const handle = await openTestDatabase({ poolSize: 1 })
  try {
    await seedAds(handle)
    const berlin = gazetteer.find(2950159)!
    for (const [query, isWide] of [
      [SeekerAdQuerySchema.parse({}), false],
      [SeekerAdQuerySchema.parse({ near: String(berlin.id) }), true],
    ] as const) {
      const values: Record<string, unknown> = {
        ...seekerAdFilters.values(query, query.near ? berlin : undefined),
        limit: 25,
      }
      const statement = prepareAdPage(handle.db, query, false, false, { isWide }, 'plan_check')
      const { sql: text, params } = statement.getQuery()
      const literal = (param: unknown) => {
        const value =
          param !== null && typeof param === 'object' && 'name' in param ? values[String(param.name)] : param
        return typeof value === 'number' ? String(value) : `'${String(value).replaceAll("'", "''")}'`
      }
      await handle.execute('set plan_cache_mode = force_generic_plan')
      await handle.execute(`prepare plan_check as ${text}`)
      try {
        // The first page binds nothing (its limit is in its text): `execute name` takes no parentheses then.
        const args = params.length > 0 ? `(${params.map(literal).join(', ')})` : ''
        const plan = (await handle.execute(`explain execute plan_check${args}`)).rows as Record<
          string,
          string
        >[]
        expect(planText(plan), JSON.stringify(query)).toContain('seeker_ad_active_created_idx')
      } finally {
        await handle.execute('deallocate plan_check')
        await handle.execute('reset plan_cache_mode')
      }
    }
  } finally {
    await handle.close()
  }
})

// PGlite runs unnamed statements (no plan cache to inspect); the statements are the same on both drivers.
describe.skipIf(testDatabaseKind !== 'postgres')('prepared statements on PostgreSQL', () => {
  test("Rooms wanted's pages and a listing's seekers are planned once per connection, not on every call", async () => {
    const handle = await openTestDatabase({ poolSize: 1 })
    try {
      await seedAds(handle)
      // No prefixes: every page runs its full statement.
      const ads = createSeekerAdsRepository(handle.db, { prefixRows: 0 })
      const berlin = gazetteer.find(2950159)!
      const queries = [
        SeekerAdQuerySchema.parse({}),
        SeekerAdQuerySchema.parse({ sort: 'budget_desc', rent: '900' }),
        SeekerAdQuerySchema.parse({ near: String(berlin.id) }),
      ]
      const target = { lat: berlin.lat, lon: berlin.lon, rent: 700, roomType: 'Single', availableFrom: null }
      // PostgreSQL plans a named statement's first five calls for their values, then keeps a generic plan if it
      // costs no more than those did: with a bound LIMIT it never does, and plans every call again (~2 ms a
      // page near a busy place at 100k ads).
      for (let call = 0; call < 8; call++) {
        for (const query of queries) await ads.browse(query, null, query.near ? berlin : undefined)
        await ads.fitting('no-listing', target, 25, null, { id: 'seeker-1', codes: undefined })
      }
      const plans = await selectRows<{ name: string; generic: number; custom: number }>(
        handle,
        sql`select name, generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements where name like 'seeker_ad_page:%' or name like 'seeker_ad_fit:%'
            order by name`,
      )
      expect(plans.map((plan) => plan.name)).toHaveLength(4)
      for (const plan of plans) expect(plan, plan.name).toMatchObject({ generic: 8 - plan.custom })
      for (const plan of plans) expect(plan.custom, plan.name).toBeLessThanOrEqual(5)
    } finally {
      await handle.close()
    }
  })
})
