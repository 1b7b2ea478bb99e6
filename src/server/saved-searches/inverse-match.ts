import { and, is, isNotNull, isNull, or, Placeholder, SQL, sql, type SQLWrapper } from 'drizzle-orm'
import { listing, savedSearch } from '../db/schema/index.ts'
import type { Filter } from '../db/filter-table.ts'
import { listingFilters } from '../listings/listing-filters.ts'
import { shownToEveryone } from '../listings/listing-visibility.ts'

// The alert matcher (decision 048): which saved searches a listing fits, in one statement over every search. It is
// browse's own filter table read the other way round: each filter's condition, with the saved search's column of
// each placeholder's name where browse binds the query's value, over the listing's row. A filter the search leaves
// unset (its column null) keeps every listing, as browse's does. A new browse filter therefore needs a column here,
// and inverse-match.test.ts fails until it has one; inverse-match.property.test.ts holds the two equal.

type BrowseFilter = (typeof listingFilters.filters)[number]
type Chunk = SQL['queryChunks'][number]

/** The saved search's column holding each placeholder's value (and each filter's parameter: set or not). */
const columns = savedSearch as unknown as Record<string, SQLWrapper | undefined>

export function columnOf(name: string): SQLWrapper {
  const column = columns[name]
  if (!column)
    throw new Error(`saved_search has no column for browse's placeholder "${name}" (decision 048).`)
  return column
}

/** `query` with every placeholder replaced by what `replace` gives for its name. */
export function replacePlaceholders(query: SQL, replace: (name: string) => SQLWrapper): SQL {
  const chunk = (part: Chunk): Chunk => {
    if (is(part, Placeholder)) return replace(part.name)
    if (is(part, SQL)) return replacePlaceholders(part, replace)
    if (Array.isArray(part)) return part.map(chunk)
    return part
  }
  return new SQL(query.queryChunks.map(chunk))
}

/** A filter's condition over the listing's row, with the search's columns as its values. */
function condition(filter: BrowseFilter): SQL {
  const written = (filter as Filter<object, { isWide: boolean }>).where(sql.placeholder(filter.key), {
    isWide: false,
  })
  const parts = (Array.isArray(written) ? written : [written]).map((part) =>
    replacePlaceholders(part, columnOf),
  )
  return and(...parts)!
}

/** The placeholders each filter reads (checked against the table's columns by the tests). */
export function placeholderNames(filter: BrowseFilter): string[] {
  const names: string[] = []
  const walk = (part: Chunk) => {
    if (is(part, Placeholder)) names.push(part.name)
    else if (is(part, SQL)) part.queryChunks.forEach(walk)
    else if (Array.isArray(part)) part.forEach(walk)
  }
  const written = (filter as Filter<object, { isWide: boolean }>).where(sql.placeholder(filter.key), {
    isWide: false,
  })
  for (const part of Array.isArray(written) ? written : [written]) walk(part)
  return names
}

const near = listingFilters.filters.find((filter) => filter.key === 'near')!
const others = listingFilters.filters.filter((filter) => filter !== near)
const otherConditions = others.map((filter) => or(isNull(columnOf(filter.key)), condition(filter))!)

/**
 * The searches a listing row fits, as `(search_id, user_id, alert, search_created_at, listing_id, owner_id,
 * availability)` rows from `saved_search` and
 * `listing`, where `listings` picks the listing rows: two arms, so each reads its own index (searches without
 * near= by room type and rent, those with near= by their circle's box). A listing moderation hides is news to
 * nobody, as browse never shows it.
 */
export function matchingSearches(listings: SQL) {
  const fields = sql`${savedSearch.id} as search_id, ${savedSearch.userId} as user_id,
    ${savedSearch.alert} as alert, ${savedSearch.createdAt} as search_created_at, ${listing.id} as listing_id, ${listing.ownerId} as owner_id,
    ${listing.availability} as availability`
  const arm = (nearCondition: SQL) =>
    sql`select ${fields} from ${listing} cross join ${savedSearch}
      where ${and(listings, shownToEveryone, nearCondition, ...otherConditions)}`
  return sql`(${arm(isNull(columnOf('near')))} union all ${arm(and(isNotNull(columnOf('near')), condition(near))!)})`
}
