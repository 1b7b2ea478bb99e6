/**
 * Statements prepared on first use and kept, named `<prefix>:<key>` (`listing_page:rent_asc+room`), so
 * `pg_prepared_statements` reads as what each one is for. Keys must come from a small fixed set of shapes, never
 * from values: every entry is a statement on every database connection.
 */
export function createStatementCache<Statement>(prefix: string) {
  const statements = new Map<string, Statement>()
  return (key: string, prepare: (name: string) => Statement): Statement => {
    let statement = statements.get(key)
    if (!statement) statements.set(key, (statement = prepare(`${prefix}:${key}`)))
    return statement
  }
}
