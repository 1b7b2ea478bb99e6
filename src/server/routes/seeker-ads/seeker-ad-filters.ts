import { sql } from 'drizzle-orm'
import { SEEKER_AD_FACTS, type SeekerAdQuery } from '#shared/seeker-ad.ts'
import { factFilterRows } from '../../db/fact-sql.ts'
import { createFilterTable, type Filter } from '../../db/filter-table.ts'
import { seekerAd, seekerAdArea } from '../../db/schema/index.ts'
import { earthPoint, type Center } from '../../listings/near-plan.ts'

// Rooms wanted's filters (docs/decisions/029, 044): what each keeps, with placeholders, and the word it adds to the
// names of the statements it shapes (`seeker_ad_page:newest+near+rent`).

/**
 * How a page reads the ads near a place. `isWide` (many ads hold it: browse's rule, `isWideNear`) walks the order's
 * index and asks each ad whether an area holds the place, stopping once the page is full; otherwise the areas' GiST
 * index finds every ad that holds it, and those are sorted.
 */
export type AdPlan = { isWide: boolean }

type SeekerAdFilter = Filter<SeekerAdQuery, AdPlan, Center | undefined>

/**
 * An area of the ad whose circle holds `point` (a cube placeholder): the GiST index on the areas' bounding cubes
 * finds the candidates, the exact great-circle distance keeps those within each area's own radius. `isWide` asks it
 * of each ad in turn (`offset 0` keeps PostgreSQL from turning it into a join over every ad that holds the place,
 * which near a busy place sorts tens of thousands of ads for a page of 25: 1.3 s at 100k).
 */
export const areaHolds = (
  point: ReturnType<typeof sql.placeholder>,
  { isWide }: AdPlan = { isWide: false },
) =>
  sql`exists (select 1 from ${seekerAdArea} where ${seekerAdArea.adId} = ${seekerAd.id}
    and ${seekerAdArea.reach} @> ${point}::cube
    and sec_to_gc(cube_distance(${seekerAdArea.earth}, ${point}::cube)) <= ${seekerAdArea.radiusKm} * 1000
    ${isWide ? sql`offset 0` : sql``})`

const rows: SeekerAdFilter[] = [
  {
    key: 'near',
    word: 'near',
    where: (_, plan) => areaHolds(sql.placeholder('center'), plan),
    values: (_, near) => (near ? { center: earthPoint(near) } : {}),
  },
  { key: 'rent', word: 'rent', where: (value) => sql`${seekerAd.budget} >= ${value}::int` },
  { key: 'roomType', word: 'room', where: (value) => sql`${value}::text = any(${seekerAd.roomTypes})` },
  // An ad that doesn't say when its writer can move in isn't ruled out by a move-in date.
  ...factFilterRows<SeekerAdQuery, AdPlan, Center | undefined, typeof SEEKER_AD_FACTS>(
    SEEKER_AD_FACTS,
    seekerAd,
  ),
]

export const seekerAdFilters = createFilterTable(rows)
