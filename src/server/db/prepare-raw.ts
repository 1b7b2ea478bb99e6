import type { SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import type { Database } from './client.ts'

const dialect = new PgDialect()

/**
 * A hand-written statement with `sql.placeholder`s, prepared once under `name` as Drizzle's builders prepare theirs
 * (Drizzle's `db.execute` sends raw SQL unnamed, so PostgreSQL would parse and plan it on every call).
 */
export function prepareRaw<Row>(db: Database, name: string, query: SQL) {
  const statement = db._.session.prepareQuery(dialect.sqlToQuery(query), undefined, name, false)
  return async (values: Record<string, unknown>): Promise<Row[]> =>
    ((await statement.execute(values)) as { rows: Row[] }).rows
}
