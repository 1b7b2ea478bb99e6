import type { SQL, SQLWrapper } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { CASING, type Database } from './client.ts'

// The casing openDatabase gives Drizzle, so column objects render as the same names.
const dialect = new PgDialect({ casing: CASING })

/**
 * A statement with `sql.placeholder`s, prepared once under `name` as Drizzle's builders prepare theirs (Drizzle's
 * `db.execute` sends raw SQL unnamed, so PostgreSQL would parse and plan it on every call). Rows come back as the
 * driver gives them, keyed by column alias, without Drizzle's per-column mapping: `query` may be a select builder
 * whose fields are aliased `sql` expressions that already have the answer's shape.
 */
export function prepareRaw<Row>(db: Database, name: string, query: SQL | SQLWrapper) {
  const statement = db._.session.prepareQuery(dialect.sqlToQuery(query.getSQL()), undefined, name, false)
  return async (values: Record<string, unknown>): Promise<Row[]> =>
    ((await statement.execute(values)) as { rows: Row[] }).rows
}
