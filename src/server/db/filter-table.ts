import { sql, type Placeholder, type SQL } from 'drizzle-orm'

/**
 * One filter of a browse-like read, as a row of its table: the query parameter that sets it, the word it adds to
 * the name of each statement shaped by it, and its conditions written with a placeholder for its value. A read's
 * statements are prepared once per shape (which filters are set, and so on: ../db/statement-cache.ts) and run with
 * the set filters' values, so a filter's SQL never holds a value.
 */
export type Filter<Query, Plan = void, Context = void> = {
  /** The parameter that sets it (`minRent`): set when present and not empty. */
  key: keyof Query & string
  /** Other parameters it reads (near=: `radiusKm`). */
  reads?: (keyof Query & string)[]
  /** What it adds to a statement's shape name (`min`, `search`). */
  word: string
  /**
   * Its conditions; `value` is the placeholder named `key`. `plan` is how the statement reads the table, for a
   * filter written differently by plan (near=: the circle's box or a walk of the sort's index).
   */
  where: (value: Placeholder, plan: Plan) => SQL | SQL[]
  /** Its placeholders' values, when not the parameter's own value under `key` (a search's pattern). */
  values?: (query: Query, context: Context) => Record<string, unknown>
}

export function createFilterTable<Query extends object, Plan = void, Context = void>(
  filters: readonly Filter<Query, Plan, Context>[],
) {
  const valueOf = (query: Query, key: keyof Query) => query[key] as unknown
  const isSet = (query: Query, filter: Filter<Query, Plan, Context>) => {
    const value = valueOf(query, filter.key)
    return value !== undefined && value !== ''
  }
  const placeholders = new Map(filters.map((filter) => [filter, sql.placeholder(filter.key)]))

  return {
    filters,

    /** The words of the filters the query sets, in the table's order: part of its statements' shape names. */
    words: (query: Query) => filters.filter((filter) => isSet(query, filter)).map((filter) => filter.word),

    /** The conditions of the filters the query sets. */
    where: (query: Query, plan: Plan): SQL[] =>
      filters
        .filter((filter) => isSet(query, filter))
        .flatMap((filter) => filter.where(placeholders.get(filter)!, plan)),

    /** The placeholders' values of the filters the query sets. */
    values(query: Query, context: Context): Record<string, unknown> {
      const values: Record<string, unknown> = {}
      for (const filter of filters) {
        if (!isSet(query, filter)) continue
        if (filter.values) Object.assign(values, filter.values(query, context))
        else values[filter.key] = valueOf(query, filter.key)
      }
      return values
    },

    /** What decides which rows the filters keep: the set filters' parameters and values (a count's cache key). */
    key(query: Query): string {
      const set = filters.filter((filter) => isSet(query, filter))
      return JSON.stringify(
        set.flatMap((filter) =>
          [filter.key, ...(filter.reads ?? [])].map((key) => [key, valueOf(query, key)]),
        ),
      )
    },
  }
}

export type FilterTable<Query extends object, Plan = void, Context = void> = ReturnType<
  typeof createFilterTable<Query, Plan, Context>
>
