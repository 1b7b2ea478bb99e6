import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { openTestDatabase, selectRows } from '../../test/database.ts'
import { earthPoint } from '../../listings/near-plan.ts'

// Browse near a place must not read every listing: on both databases the earth_box test is answered by the GiST
// index on the stored `earth` point (migration 0002), with the expression as near-plan.ts writes it.
test("near= is answered by the GiST index on the listing's earth point", async () => {
  const handle = await openTestDatabase({ poolSize: 1 })
  try {
    await handle.db.execute(sql`
      insert into "user" (id, name, email) values ('geo-owner', 'Geo Owner', 'geo-owner@nestmate.test')`)
    // 5,000 listings spread over a continent, a tenth of them without a place.
    await handle.db.execute(sql`
      insert into listing (owner_id, title, location, rent, room_type, contact, place_id, place_name, lat, lon)
      select 'geo-owner', 'Room ' || n, 'Town ' || n, 300 + n % 2000, 'Single', 'https://example.com/' || n,
        case when n % 10 = 0 then null else n end, case when n % 10 = 0 then null else 'Place ' || n end,
        case when n % 10 = 0 then null else 35 + (n % 97) * 0.2 end,
        case when n % 10 = 0 then null else -10 + (n % 89) * 0.4 end
      from generate_series(1, 5000) as n`)
    await handle.db.execute(sql`analyze listing`)
    const centre = earthPoint({ lat: 52.52, lon: 13.41 })
    const plan = await selectRows<Record<string, string>>(
      handle,
      sql`explain select id from listing
          where earth_box(${centre}::earth, 15000::float8) @> earth
            and sec_to_gc(cube_distance(${centre}::cube, earth)) <= 15000::float8
          order by sec_to_gc(cube_distance(${centre}::cube, earth)), id
          limit 25`,
    )
    const text = plan.map((row) => Object.values(row).join(' ')).join('\n')
    expect(text).toContain('listing_earth_idx')
    expect(text).not.toMatch(/Seq Scan on listing/)
  } finally {
    await handle.close()
  }
})
