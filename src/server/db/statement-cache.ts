import { createHash } from 'node:crypto'

/** PostgreSQL keeps the first 63 bytes of a name (NAMEDATALEN - 1): two longer names alike there would collide. */
const NAME_MAX = 63

/** The statement's name: as written when it fits, else its start and a hash of the whole. */
export function statementName(name: string): string {
  if (Buffer.byteLength(name) <= NAME_MAX) return name
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 12)
  return `${name.slice(0, NAME_MAX - hash.length - 1)}~${hash}`
}

/**
 * Statements prepared on first use and kept, named `<prefix>:<key>` (`listing_page:rent_asc+room`), so
 * `pg_prepared_statements` reads as what each one is for. Keys must come from a small fixed set of shapes, never
 * from values: every entry is a statement on every database connection.
 */
export function createStatementCache<Statement>(prefix: string) {
  const statements = new Map<string, Statement>()
  return (key: string, prepare: (name: string) => Statement): Statement => {
    let statement = statements.get(key)
    if (!statement) statements.set(key, (statement = prepare(statementName(`${prefix}:${key}`))))
    return statement
  }
}
