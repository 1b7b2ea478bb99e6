import { eq, sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { EARLY_BIRD, putProfile } from '../routes/living-profile/test-profiles.ts'
import { injectAs, signUp, useTestApp } from '../test/app.ts'
import { selectRows } from '../test/database.ts'
import { insertDemoData } from './demo-data.ts'
import { demoPlaces } from './demo-places.ts'
import { listing, user } from './schema/index.ts'

const t = useTestApp()

test('a dozen demo seekers, marked as examples, near the demo places, with living profiles that score', async () => {
  await insertDemoData(t.database.db)
  const newcomer = await signUp(t.app)
  await putProfile(t.app, newcomer, EARLY_BIRD)
  const response = await injectAs(t.app, newcomer, { method: 'GET', url: '/api/seeker-ads?limit=100' })
  const ads = response.json<{ isExample: boolean; areas: { placeId: number }[]; match: number | null }[]>()
  expect(ads).toHaveLength(12)
  const places = new Set(demoPlaces.map(({ place }) => place.placeId))
  for (const ad of ads) {
    expect(ad.isExample).toBe(true)
    for (const area of ad.areas) expect(places.has(area.placeId)).toBe(true)
  }
  expect(ads.filter((ad) => ad.match !== null).length).toBeGreaterThan(6)
  // Nobody can sign in as them: no account row holds a password.
  const [withPassword] = await selectRows<{ n: number }>(
    t.database,
    sql`select count(*)::int as n from account a join "user" u on u.id = a.user_id where u.email like '%@demo.nestmate.test'`,
  )
  expect(withPassword!.n).toBe(0)
})

test('a demo poster finds fitting demo seekers from some of their listings', async () => {
  const posters = await t.database.db
    .select({ id: listing.id, ownerId: listing.ownerId })
    .from(listing)
    .innerJoin(user, eq(user.id, listing.ownerId))
    .where(eq(user.isExample, true))
  const counts = await Promise.all(
    posters.map(async ({ id }) => {
      const [row] = await selectRows<{ n: number }>(
        t.database,
        sql`select count(*)::int as n from seeker_ad s where s.status = 'active' and exists (
          select 1 from seeker_ad_area a join listing l on l.id = ${id}
          where a.ad_id = s.id and a.reach @> l.earth and sec_to_gc(cube_distance(a.earth, l.earth)) <= a.radius_km * 1000)
          and s.budget >= (select rent from listing where id = ${id})`,
      )
      return row!.n
    }),
  )
  expect(counts.filter((n) => n > 0).length).toBeGreaterThan(3)
})
