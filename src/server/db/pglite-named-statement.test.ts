import { PGlite, types } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { namedStatements } from './pglite-named-statement.ts'

// Named statements on the embedded database: the same rows as PGlite's own query, parsed and planned once, never
// inside a transaction another caller has open, and a failed call leaves the connection working.

let client: PGlite
beforeAll(async () => {
  client = await PGlite.create()
  await client.exec(`
    create table item (id int primary key, name text not null, tags text[] not null, at timestamptz not null, data jsonb);
    insert into item values
      (1, 'one', '{a,b}', '2026-11-27T10:00:00Z', '{"x": 1}'),
      (2, 'two', '{}', '2026-11-27T11:00:00Z', null),
      (3, 'three', '{c}', '2026-11-27T12:00:00Z', '[1, 2]');
  `)
})
afterAll(() => client.close())

const query = <Row>(name: string, text: string, values: unknown[] = [], options = {}) =>
  namedStatements.query<Row>(client, name, text, values, options)

// Drizzle's PGlite statements keep timestamps as the database writes them.
const asWritten = { parsers: { [types.TIMESTAMPTZ]: (value: string) => value } }

describe('a named statement on PGlite', () => {
  test('answers the rows, fields and types PGlite’s own query answers, for values of several types', async () => {
    const text =
      'select id, name, tags, at, data from item where id > $1 and name <> $2 and ($3::jsonb is null or data @> $3) order by id'
    for (const values of [
      [0, 'two', null],
      [1, 'none', { x: 1 }],
      [5, 'one', null],
    ]) {
      const named = await query('items_after', text, values, asWritten)
      const own = await client.query(text, values, asWritten)
      expect(named.rows).toEqual(own.rows)
      expect(named.fields).toEqual(own.fields)
    }
    expect((await query('items_after', text, [0, 'two', null], asWritten)).rows[0]).toEqual({
      id: 1,
      name: 'one',
      tags: ['a', 'b'],
      at: '2026-11-27 10:00:00+00',
      data: { x: 1 },
    })
  })

  test('is parsed once and used again by every later call, under its name', async () => {
    const text = 'select count(*)::int as n from item where id >= $1'
    for (let n = 0; n < 7; n++)
      expect((await query<{ n: number }>('count_from', text, [n])).rows[0]!.n).toBe(
        Math.max(0, 4 - Math.max(n, 1)),
      )
    const { rows } = await client.query<{ statement: string; calls: number }>(
      "select statement, generic_plans + custom_plans as calls from pg_prepared_statements where name = 'count_from'",
    )
    expect(rows).toEqual([{ statement: text, calls: 7 }])
  })

  test('waits for a transaction another caller has open, rather than reading inside it', async () => {
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let inserted!: () => void
    const insertedYet = new Promise<void>((resolve) => (inserted = resolve))
    const transaction = client
      .transaction(async (tx) => {
        await tx.query("insert into item values (9, 'nine', '{}', now(), null)")
        inserted()
        await held
        throw new Error('rolled back on purpose')
      })
      .catch((error: Error) => error.message)
    await insertedYet
    // Asked while the row is inserted but not committed; the transaction then rolls back.
    const counted = query<{ n: number }>('count_all', 'select count(*)::int as n from item')
    release()
    expect(await transaction).toBe('rolled back on purpose')
    expect((await counted).rows[0]!.n).toBe(3)
  })

  test('a call that fails rejects with the database’s error and leaves the connection working', async () => {
    const text = 'select 10 / $1::int as q'
    await expect(query('divide', text, [0])).rejects.toThrow('division by zero')
    expect((await query<{ q: number }>('divide', text, [5])).rows).toEqual([{ q: 2 }])
    expect((await client.query<{ ok: number }>('select 1 as ok')).rows).toEqual([{ ok: 1 }])
  })

  test('a statement that does not parse is refused, and its name stays free', async () => {
    await expect(query('broken', 'select frm item')).rejects.toThrow()
    expect((await query<{ n: number }>('broken', 'select 1 as n')).rows).toEqual([{ n: 1 }])
  })

  test('one name stands for one statement', async () => {
    await query('one_name', 'select 1 as n')
    await expect(query('one_name', 'select 2 as n')).rejects.toThrow('already used by another statement')
  })
})
