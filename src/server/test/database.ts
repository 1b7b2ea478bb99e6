import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import path from 'node:path'
import type { SQL } from 'drizzle-orm'
import pg from 'pg'
import { openDatabase, type DatabaseHandle } from '../db/client.ts'

export const PG_TEMPLATE = 'nestmate_test_template'
export const PGLITE_TEMPLATE_FILE = path.resolve('.tmp/pglite-template.tar')

/** A new DATA_DIR under `parent` holding the migrated template: a process opens it with no migration to wait for. */
export function dataDirFromTemplate(parent: string) {
  const dir = mkdtempSync(path.join(parent, 'db-'))
  mkdirSync(path.join(dir, 'pgdata'), { mode: 0o700 })
  execFileSync('tar', ['-xf', PGLITE_TEMPLATE_FILE, '-C', path.join(dir, 'pgdata')])
  return dir
}

/** Which database the suite runs on: PostgreSQL when scripts/with-postgres.sh set TEST_DATABASE_URL. */
export const testDatabaseKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'

/** A new, empty PostgreSQL database `name` beside `adminUrl`'s (replacing one left by a failed run); its URL. */
export async function createPostgresDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`drop database if exists ${name}`)
  await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.href
}

/**
 * A fresh, migrated, empty database for one test app; closing it drops it. `poolSize: 1` keeps every query on
 * one PostgreSQL connection, for tests that read per-connection state such as `pg_prepared_statements`.
 */
export async function openTestDatabase({ poolSize = 4 } = {}): Promise<DatabaseHandle & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL
  if (!url) {
    const blob = new Blob([readFileSync(PGLITE_TEMPLATE_FILE)])
    return openDatabase({ kind: 'pglite-memory', loadDataDir: blob })
  }
  const name = `nestmate_test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create database ${name} template ${PG_TEMPLATE}`)
  const target = new URL(url)
  target.pathname = `/${name}`
  const handle = await openDatabase({ kind: 'postgres', url: target.href, poolSize })
  return {
    ...handle,
    // For a second connection or process on the same database.
    url: target.href,
    close: async () => {
      await handle.close()
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
    },
  }
}

/** Raw SQL for assertions; both drivers answer with `rows`. */
export async function selectRows<T>(handle: DatabaseHandle, query: SQL | string): Promise<T[]> {
  return ((await handle.db.execute(query as SQL)) as unknown as { rows: T[] }).rows
}
