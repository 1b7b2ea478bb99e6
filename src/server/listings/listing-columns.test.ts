import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { PAGE_SIZE } from '#shared/listing.ts'
import { CARD_WIDTH, photoHeightAt, photoUrl } from '#shared/photos.ts'
import type { DatabaseHandle } from '../db/client.ts'
import { openTestDatabase, selectRows } from '../test/database.ts'
import { photoHeightSql } from './listing-columns.ts'
import { createListingsRepository } from '../routes/listings/listings-repository.ts'

// A card's cover size is worked out in SQL (listing-columns.ts), every other photo size in TypeScript
// (photoHeightAt, which also decided the stored files' heights): the two must agree for every ratio, not only
// for a 4:3 picture where nothing rounds.

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await openTestDatabase({ poolSize: 1 })
})
afterAll(() => handle?.close())

test("the SQL cover height is photoHeightAt's for every stored size", async () => {
  // Stored sizes (the largest file's: at most 1,600 wide, and WebP's 16,383 high) of every width, with odd ratios,
  // and every height up to 2,400 at the widths around the card's.
  const cardWidth = sql`least(p.width, ${sql.raw(String(CARD_WIDTH))})`
  const rows = await selectRows<{ width: number; height: number; card: number }>(
    handle,
    sql`select p.width, p.height, ${photoHeightSql(cardWidth, sql`p.width`, sql`p.height`)} as card from (
          select w, (w * 7919) % 16383 + 1 from generate_series(1, 1600) as w
          union all
          select w, h from unnest(array[1, 2, 3, 799, 800, 801, 1023, 1599, 1600]) as w, generate_series(1, 2400) as h
          union all
          values (1600, 16383), (3, 16383), (1600, 1067), (1600, 1), (1201, 1601)
        ) as p(width, height)`,
  )
  expect(rows.length).toBeGreaterThan(23_000)
  const differ = rows.filter(
    ({ width, height, card }) => Number(card) !== photoHeightAt(Math.min(width, CARD_WIDTH), width, height),
  )
  expect(differ).toEqual([])
})

test('a browse card carries the cover photoUrl and photoHeightAt give, for odd ratios', async () => {
  await handle.db.execute(sql`
    insert into "user" (id, name, email) values ('cover-owner', 'Cover Owner', 'cover-owner@nestmate.test')`)
  const stored = [
    [1600, 1067],
    [801, 1201],
    [799, 533],
    [1201, 1601],
    [333, 1000],
  ] as const
  const ids: string[] = []
  for (const [i, [width, height]] of stored.entries()) {
    const [row] = await selectRows<{ id: string }>(
      handle,
      sql`insert into listing (owner_id, title, location, rent, room_type, contact)
          values ('cover-owner', ${`Cover ${i}`}, 'Town', ${100 + i}, 'Single', 'https://example.com/')
          returning id`,
    )
    ids.push(row!.id)
    await handle.db.execute(sql`
      insert into listing_photo (listing_id, key, width, height, placeholder, position)
      values (${row!.id}, ${String(i).repeat(32)}, ${width}, ${height}, 'hash', 0)`)
  }
  const listings = createListingsRepository(handle.db)
  const page = await listings.browse({ sort: 'rent_asc', limit: PAGE_SIZE, radiusKm: 15 }, null)
  expect(page.listings.map((card) => card.cover)).toEqual(
    stored.map(([width, height], i) => {
      const size = Math.min(width, CARD_WIDTH)
      const key = String(i).repeat(32)
      return {
        url: photoUrl(ids[i]!, key, size),
        width: size,
        height: photoHeightAt(size, width, height),
        placeholder: 'hash',
      }
    }),
  )
})
