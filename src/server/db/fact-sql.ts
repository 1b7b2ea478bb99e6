import { sql, type Column, type SQL } from 'drizzle-orm'
import { boolean, check, date, smallint, text, type PgColumn } from 'drizzle-orm/pg-core'
import {
  factFilters,
  type BoundFact,
  type AnyOfParams,
  type BoundParams,
  type FactTable,
  type FactValue,
  type YesParams,
} from '#shared/fact-table.ts'
import type { Filter } from './filter-table.ts'
import { sqlList } from './sql.ts'

// A fact table (src/shared/fact-table.ts) in the database: its columns, their check constraints, the columns an
// answer selects and browse's filters. docs/decisions/029.

const columnOf = {
  yesNo: () => boolean(),
  wish: () => boolean(),
  day: () => date({ mode: 'string' }),
  wholeNumber: () => smallint(),
  choice: () => text(),
}

/** Each fact's column, null when not said: a boolean, a date or a smallint. */
export function factColumns<T extends FactTable>(table: T) {
  return Object.fromEntries(
    Object.entries(table).map(([name, fact]) => {
      if (fact.kind === 'wholeNumber' && (fact.min < -32_768 || fact.max > 32_767))
        throw new Error(
          `${name}: a whole-number fact is a smallint; ${fact.min}–${fact.max} needs another kind.`,
        )
      return [name, columnOf[fact.kind]()]
    }),
  ) as { -readonly [K in keyof T]: ReturnType<(typeof columnOf)[T[K]['kind']]> }
}

type KindColumn<Kind extends keyof typeof columnOf> = ReturnType<(typeof columnOf)[Kind]>

/**
 * A column per browse filter of the facts, named by its parameter and null where a view leaves it unset: a boolean
 * for a yes-only filter, the fact's own column for a bound. A saved search holds these (decision 048), in the order
 * of the filters (factFilters).
 */
export function factFilterColumns<T extends FactTable>(table: T) {
  return Object.fromEntries(
    factFilters(table).map(({ param, fact, bound }) => [
      param,
      // An any-of filter keeps its values as a list (`{agent,flatmate}`).
      fact.kind === 'choice' ? text().array() : columnOf[bound ? fact.kind : 'yesNo'](),
    ]),
  ) as { -readonly [P in YesParams<T>]: KindColumn<'yesNo'> } & {
    -readonly [P in AnyOfParams<T>]: ReturnType<ReturnType<typeof text>['array']>
  } & {
    -readonly [P in BoundParams<T[keyof T]> & string]: KindColumn<BoundFact<T, P>['kind']>
  }
}

const snakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`)

/**
 * A check constraint per ranged fact (`listing_min_stay_months`) and per choice (`listing_advertiser`), so no path
 * around the API stores another value.
 */
export function factChecks<T extends FactTable>(
  tableName: string,
  table: T,
  columns: { [K in keyof T]: Column },
) {
  return Object.entries(table).flatMap(([name, fact]) =>
    fact.kind === 'wholeNumber'
      ? [
          check(
            `${tableName}_${snakeCase(name)}`,
            sql`${columns[name]} between ${sql.raw(String(fact.min))} and ${sql.raw(String(fact.max))}`,
          ),
        ]
      : fact.kind === 'choice'
        ? [
            check(
              `${tableName}_${snakeCase(name)}`,
              sql`${columns[name]} in (${sqlList(Object.keys(fact.options))})`,
            ),
          ]
        : [],
  )
}

/** What an answer selects for each fact, as its JSON value: a day as YYYY-MM-DD text (the driver would make a Date). */
export function factSelection<T extends FactTable>(table: T, columns: { [K in keyof T]: Column }) {
  return Object.fromEntries(
    Object.entries(table).map(([name, fact]) => [
      name,
      fact.kind === 'day' ? sql`${columns[name]}::text` : columns[name]!,
    ]),
  ) as { [K in keyof T]: SQL<FactValue<T[K]>> | PgColumn }
}

/**
 * Browse's filters of the facts, for a filter table (./filter-table.ts), each named by its parameter in statement
 * names: a yes-only fact keeps `is true`, a bound compares with its parameter and lets the unsaid through when its
 * row says so.
 */
export function factFilterRows<Query, Plan, Context, T extends FactTable = FactTable>(
  table: T,
  columns: { [K in keyof T]: Column },
): Filter<Query, Plan, Context>[] {
  return factFilters(table).map(({ param, name, fact, bound }) => {
    const column = columns[name as keyof T]
    if (fact.kind === 'choice')
      return {
        key: param as keyof Query & string,
        word: param,
        where: (value): SQL => sql`${column} = any(${value}::text[])`,
      }
    return {
      key: param as keyof Query & string,
      word: param,
      where: (value): SQL => {
        if (!bound) return sql`${column} is true`
        const test = bound.bound === 'atLeast' ? sql`${column} >= ${value}` : sql`${column} <= ${value}`
        return bound.keepsUnsaid ? sql`(${column} is null or ${test})` : test
      },
    }
  })
}
