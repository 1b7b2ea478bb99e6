import { PGlite, type QueryOptions } from '@electric-sql/pglite'
import { fillPlaceholders, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { PAGE_SIZE } from '#shared/listing-values.ts'
import { CASING, type Database } from './client.ts'
import { namedStatements } from './pglite-named-statement.ts'

// The only module that leans on Drizzle's private parts (docs/decisions/014): its session's prepareQuery, the text,
// parameters and options of its PGlite statements (decision 069), and a raw SQL chunk passed where Drizzle's types
// expect a number. prepare-raw.test.ts fails with the message below when a Drizzle upgrade moves any of them.

// The casing openDatabase gives Drizzle, so column objects render as the same names.
const dialect = new PgDialect({ casing: CASING })

type RawStatement = { execute: (values: Record<string, unknown>) => Promise<unknown> }
type PrepareQuery = (
  query: { sql: string; params: unknown[] },
  fields: undefined,
  name: string | undefined,
  isResponseInArrayMode: false,
) => RawStatement

const moved = (what: string) =>
  new Error(`Drizzle's internals moved: ${what}. Update src/server/db/prepare-raw.ts (docs/decisions/014).`)

/** Drizzle's session's prepareQuery, checked for the shape this module relies on. */
function prepareQueryOf(db: Database): PrepareQuery {
  const session = (db as { _?: { session?: { prepareQuery?: unknown } } })._?.session
  const prepareQuery = session?.prepareQuery
  if (typeof prepareQuery !== 'function') throw moved('db._.session.prepareQuery is not a function')
  return (prepareQuery as PrepareQuery).bind(session)
}

/**
 * A statement with `sql.placeholder`s, prepared once under `name` as Drizzle's builders prepare theirs (Drizzle's
 * `db.execute` sends raw SQL unnamed, so PostgreSQL would parse and plan it on every call). Rows come back as the
 * driver gives them, keyed by column alias, without Drizzle's per-column mapping: `query` may be a select builder
 * whose fields are aliased `sql` expressions that already have the answer's shape.
 */
export function prepareRaw<Row>(db: Database, name: string, query: SQL | SQLWrapper) {
  return rawStatement<Row>(db, name, query)
}

/**
 * The same statement, sent unnamed: PostgreSQL plans it for each call's values (decision 059). For a statement
 * whose best plan depends on who asks, such as an inbox of three conversations or of ten thousand: a named
 * statement's generic plan, adopted after five calls, is costed for the average person and reads every row of a
 * busy one's. It costs the planning on each call (under a millisecond for the inbox).
 */
export function plannedPerCall<Row>(db: Database, query: SQL | SQLWrapper) {
  return rawStatement<Row>(db, undefined, query)
}

function rawStatement<Row>(db: Database, name: string | undefined, query: SQL | SQLWrapper) {
  const statement = prepareQueryOf(db)(dialect.sqlToQuery(query.getSQL()), undefined, name, false)
  if (typeof statement?.execute !== 'function') throw moved('a prepared query has no execute()')
  // Drizzle sends PGlite's statements unnamed: a named one is prepared there by pglite-named-statement.ts.
  const embedded = embeddedStatement(statement)
  if (name !== undefined && embedded) {
    const { client, queryString, params, rawQueryConfig } = embedded
    return async (values: Record<string, unknown>): Promise<Row[]> =>
      (
        await namedStatements.query<Row>(
          client,
          name,
          queryString,
          fillPlaceholders(params, values),
          rawQueryConfig,
        )
      ).rows
  }
  return async (values: Record<string, unknown>): Promise<Row[]> => {
    const result = (await statement.execute(values)) as { rows?: unknown }
    if (!Array.isArray(result?.rows)) throw moved("a raw prepared query's result has no rows array")
    return result.rows as Row[]
  }
}

/** The parts of Drizzle's PGlite statement a named statement needs; undefined on PostgreSQL. */
function embeddedStatement(statement: RawStatement) {
  const parts = statement as RawStatement & {
    client?: unknown
    queryString?: unknown
    params?: unknown
    rawQueryConfig?: unknown
  }
  if (!(parts.client instanceof PGlite)) return undefined
  if (
    typeof parts.queryString !== 'string' ||
    !Array.isArray(parts.params) ||
    typeof parts.rawQueryConfig !== 'object'
  )
    throw moved('a PGlite prepared query has no queryString, params or rawQueryConfig')
  return {
    client: parts.client,
    queryString: parts.queryString,
    params: parts.params as unknown[],
    rawQueryConfig: parts.rawQueryConfig as QueryOptions,
  }
}

/**
 * A LIMIT written into the statement rather than bound. For `limit $1` PostgreSQL's generic plan assumes a tenth of
 * the table is wanted, so it never adopts that plan and plans the statement again on every call (decision 014).
 * Drizzle's `.limit()` binds a number but writes an SQL chunk as it is; the cast is that chunk passed as a number.
 */
export const literalLimit = (rows: number): number => sql.raw(String(Math.trunc(rows))) as unknown as number

/**
 * A page's LIMIT: one more row than the page, so a full page knows whether another follows. The site's page size is
 * written into the statement (`literalLimit`); any other size is bound to the `limit` placeholder, so a client
 * choosing among 1–100 can't make a statement per size. A caller names the two shapes apart (`+limit`).
 */
export const pageLimit = (limit: number): number =>
  limit === PAGE_SIZE ? literalLimit(PAGE_SIZE + 1) : (sql.placeholder('limit') as unknown as number)
