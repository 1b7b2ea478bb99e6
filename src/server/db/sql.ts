import { sql, type SQL } from 'drizzle-orm'
import { customType } from 'drizzle-orm/pg-core'
import type { Database } from './client.ts'

// Small SQL helpers every room of the server may use: the database layer owns them.

/** A transaction handed to `db.transaction`'s callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** Raw rows of a statement, in a transaction or not; both drivers answer with `rows`. */
export async function rowsOf<Row>(executor: Pick<Database, 'execute'>, query: SQL): Promise<Row[]> {
  return ((await executor.execute(query)) as unknown as { rows: Row[] }).rows
}

/** `'a', 'b'` for a check constraint over a fixed vocabulary (constants only, never input). */
export const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(', '))

/** A point on earthdistance's sphere (the `cube` extension's type), as Drizzle reads and writes it: text. */
export const cube = customType<{ data: string }>({ dataType: () => 'cube' })
