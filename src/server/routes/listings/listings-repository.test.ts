import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { BrowseQuerySchema } from '#shared/listing.ts'
import { openTestDatabase, selectRows, testDatabaseKind } from '../../test/database.ts'
import { createListingsRepository } from './listings-repository.ts'

// PGlite runs unnamed statements (no plan cache to inspect); the statements are the same on both drivers.
describe.skipIf(testDatabaseKind !== 'postgres')('prepared statements on PostgreSQL', () => {
  test('the busiest reads are planned once per connection, not on every call', async () => {
    const handle = await openTestDatabase({ poolSize: 1 })
    try {
      // Enough rows that a plan for "a tenth of the table" costs more than one for a page of 25.
      await handle.db.execute(sql`
        insert into "user" (id, name, email) values ('plan-owner', 'Plan Owner', 'plan-owner@nestmate.test')`)
      await handle.db.execute(sql`
        insert into listing (owner_id, title, location, rent, room_type, contact, created_at)
        select 'plan-owner', 'Room ' || n, 'Town ' || (n % 50), 300 + n % 2000,
          (array['Single', 'Shared', 'Studio'])[1 + n % 3], 'https://example.com/' || n,
          now() - n * interval '1 minute'
        from generate_series(1, 5000) as n`)
      await handle.db.execute(sql`analyze listing`)
      const listings = createListingsRepository(handle.db)
      const firstPage = BrowseQuerySchema.parse({})
      const filtered = BrowseQuerySchema.parse({ roomType: 'Studio', maxRent: '1500' })
      // PostgreSQL plans a named statement's first five calls for their values, then keeps a generic plan if it
      // costs no more than those did: with a bound LIMIT it never does, and plans every call again.
      for (let call = 0; call < 8; call++) {
        await listings.browse(firstPage, null)
        await listings.browse(filtered, null)
        await listings.featured()
      }
      const plans = await selectRows<{ name: string; generic: number; custom: number }>(
        handle,
        sql`select name, generic_plans::int as generic, custom_plans::int as custom
            from pg_prepared_statements where name like 'listing_page:%' or name = 'listing_featured'
            order by name`,
      )
      expect(plans.map((plan) => plan.name)).toEqual([
        'listing_featured',
        'listing_page:rent_asc',
        'listing_page:rent_asc+room+max',
      ])
      // A statement without parameters gets its generic plan at once; the others after five custom ones.
      for (const plan of plans) expect(plan, plan.name).toMatchObject({ generic: 8 - plan.custom })
      for (const plan of plans) expect(plan.custom, plan.name).toBeLessThanOrEqual(5)
    } finally {
      await handle.close()
    }
  })

  test("a page size other than the site's is bound, so sizes share one statement", async () => {
    const handle = await openTestDatabase({ poolSize: 1 })
    try {
      const listings = createListingsRepository(handle.db)
      for (const limit of ['5', '7', '24']) await listings.browse(BrowseQuerySchema.parse({ limit }), null)
      const names = await selectRows<{ name: string }>(
        handle,
        sql`select name from pg_prepared_statements where name like 'listing_page:%' order by name`,
      )
      expect(names.map((row) => row.name)).toEqual(['listing_page:rent_asc', 'listing_page:rent_asc+limit'])
    } finally {
      await handle.close()
    }
  })
})
