import { sql, type SQLWrapper } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { CASING } from '../src/server/db/client.ts'
import { featuredColumns, listingColumns, summaryColumns } from '../src/server/listings/listing-columns.ts'

// Reference 1 selects exactly Nestmate's columns: its select lists are rendered once, at start, from Nestmate's own
// column definitions (the cover's subquery, the household facts, times as ISO text), so a field added to an answer
// reaches both servers and the comparison test (reference.test.ts) needn't wait for a run to notice. The tables are
// the reference's `l` (listing) and `u` (its poster).

const dialect = new PgDialect({ casing: CASING })

function selectList(columns: Record<string, SQLWrapper>): string {
  const rendered = dialect.sqlToQuery(
    sql.join(
      Object.entries(columns).map(([key, column]) => sql`${column} as ${sql.identifier(key)}`),
      sql`, `,
    ),
  )
  if (rendered.params.length > 0) throw new Error('a reference select list has no parameters')
  return rendered.sql.replaceAll('"listing".', 'l.').replaceAll('"user".', 'u.')
}

/** A browse card's fields. */
export const SUMMARY = selectList(summaryColumns)
/** A whole listing's fields, with its phone number and the poster's e-mail (the caller decides who sees them). */
export const DETAIL = selectList(listingColumns)
/** A featured card's fields. */
export const FEATURED = selectList(featuredColumns)
