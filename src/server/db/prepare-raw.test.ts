import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { openTestDatabase } from '../test/database.ts'
import type { Database, DatabaseHandle } from './client.ts'
import { literalLimit, prepareRaw } from './prepare-raw.ts'
import { PgDialect } from 'drizzle-orm/pg-core'
import { listing } from './schema/index.ts'

// prepare-raw.ts leans on Drizzle's private session API and on Drizzle writing an SQL chunk given as a LIMIT.
// A Drizzle upgrade that changes either must fail here, by name, rather than as slow or broken listing reads.

let handle: DatabaseHandle
beforeAll(async () => {
  handle = await openTestDatabase({ poolSize: 1 })
})
afterAll(() => handle.close())

describe("Drizzle's internals that prepare-raw.ts relies on", () => {
  test('db._.session.prepareQuery prepares a named statement whose rows come back raw, keyed by alias', async () => {
    const session = (handle.db as unknown as { _?: { session?: { prepareQuery?: unknown } } })._?.session
    expect(
      typeof session?.prepareQuery,
      "Drizzle's internals moved: db._.session.prepareQuery is gone; update src/server/db/prepare-raw.ts",
    ).toBe('function')

    const select = prepareRaw<{ answer: number; label: string }>(
      handle.db,
      'prepare_raw_check',
      sql`select ${sql.placeholder('n')}::int + 1 as "answer", 'as is' as "label"`,
    )
    expect(await select({ n: 41 }), "Drizzle's internals moved: raw rows are no longer the driver's").toEqual(
      [{ answer: 42, label: 'as is' }],
    )
    // Run twice: a named statement is reused, not prepared again under the same name (which PostgreSQL refuses).
    expect(await select({ n: 1 })).toEqual([{ answer: 2, label: 'as is' }])
    // Prepared under its name on either database (on PGlite by pglite-named-statement.ts: Drizzle sends it unnamed).
    const { rows } = await handle.execute(
      "select (generic_plans + custom_plans)::int as calls from pg_prepared_statements where name = 'prepare_raw_check'",
      [],
    )
    expect(rows).toEqual([{ calls: 2 }])
  })

  test('an SQL chunk passed to .limit() is written into the statement, not bound', () => {
    const query = handle.db.select({ id: listing.id }).from(listing).limit(literalLimit(25)).getSQL()
    const { sql: text, params } = new PgDialect().sqlToQuery(query)
    expect(text, "Drizzle's internals moved: .limit() no longer writes an SQL chunk as it is").toMatch(
      / limit 25$/,
    )
    expect(params).toEqual([])
  })

  test('a Drizzle whose session has no prepareQuery fails at start with a message that says what moved', () => {
    const moved = { _: { session: {} } } as unknown as Database
    expect(() => prepareRaw(moved, 'x', sql`select 1`)).toThrow(
      "Drizzle's internals moved: db._.session.prepareQuery is not a function",
    )
  })

  test('a prepared query answering without a rows array fails with the same message', async () => {
    const moved = {
      _: { session: { prepareQuery: () => ({ execute: async () => [{ answer: 1 }] }) } },
    } as unknown as Database
    await expect(prepareRaw(moved, 'x', sql`select 1`)({})).rejects.toThrow(
      "Drizzle's internals moved: a raw prepared query's result has no rows array",
    )
  })
})
