import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { openTestDatabase, selectRows } from '../../test/database.ts'
import { earthPoint } from '../listings/near-plan.ts'

// "An area whose circle holds this place" must not read every area: on both databases the containment test is
// answered by the GiST index on the areas' bounding cubes (seeker_ad_area_reach_idx, migration of the seeker ads),
// with the expression as seeker-ad-filters.ts writes it.
test("near= on room-wanted ads is answered by the GiST index on each area's reach", async () => {
  const handle = await openTestDatabase({ poolSize: 1 })
  try {
    await handle.db.execute(sql`
      insert into "user" (id, name, email)
      select 'seeker-' || n, 'Seeker ' || n, 'seeker-' || n || '@nestmate.test' from generate_series(1, 5000) n`)
    // 5,000 ads, one area each, spread over a continent with radii from 5 to 50 km.
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
    const point = earthPoint({ lat: 52.52, lon: 13.41 })
    const plan = await selectRows<Record<string, string>>(
      handle,
      sql`explain select a.ad_id from seeker_ad_area a
          where a.reach @> ${point}::cube
            and sec_to_gc(cube_distance(a.earth, ${point}::cube)) <= a.radius_km * 1000`,
    )
    const text = plan.map((row) => Object.values(row).join(' ')).join('\n')
    expect(text).toContain('seeker_ad_area_reach_idx')
    expect(text).not.toMatch(/Seq Scan on seeker_ad_area/)
  } finally {
    await handle.close()
  }
})
