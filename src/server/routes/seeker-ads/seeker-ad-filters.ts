import { sql } from 'drizzle-orm'
import { SEEKER_AD_FACTS, type SeekerAdQuery } from '#shared/seeker-ad.ts'
import { factFilterRows } from '../../db/fact-sql.ts'
import { createFilterTable, type Filter } from '../../db/filter-table.ts'
import { seekerAd, seekerAdArea } from '../../db/schema/index.ts'
import { earthPoint, type Center } from '../listings/near-plan.ts'

// Rooms wanted's filters (docs/decisions/029, 044): what each keeps, with placeholders, and the word it adds to the
// names of the statements it shapes (`seeker_ad_page:newest+near+rent`).

type SeekerAdFilter = Filter<SeekerAdQuery, void, Center | undefined>

/**
 * An area of the ad whose circle holds `point` (a cube placeholder): the GiST index on the areas' bounding cubes
 * finds the candidates, the exact great-circle distance keeps those within each area's own radius.
 */
export const areaHolds = (point: ReturnType<typeof sql.placeholder>) =>
  sql`exists (select 1 from ${seekerAdArea} where ${seekerAdArea.adId} = ${seekerAd.id}
    and ${seekerAdArea.reach} @> ${point}::cube
    and sec_to_gc(cube_distance(${seekerAdArea.earth}, ${point}::cube)) <= ${seekerAdArea.radiusKm} * 1000)`

const rows: SeekerAdFilter[] = [
  {
    key: 'near',
    word: 'near',
    where: () => areaHolds(sql.placeholder('center')),
    values: (_, near) => (near ? { center: earthPoint(near) } : {}),
  },
  { key: 'rent', word: 'rent', where: (value) => sql`${seekerAd.budget} >= ${value}::int` },
  { key: 'roomType', word: 'room', where: (value) => sql`${value}::text = any(${seekerAd.roomTypes})` },
  // An ad that doesn't say when its writer can move in isn't ruled out by a move-in date.
  ...factFilterRows<SeekerAdQuery, void, Center | undefined, typeof SEEKER_AD_FACTS>(
    SEEKER_AD_FACTS,
    seekerAd,
  ),
]

export const seekerAdFilters = createFilterTable(rows)
