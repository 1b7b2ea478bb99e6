import { existsSync, renameSync, rmSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { PGlite } from '@electric-sql/pglite'
import { cube } from '@electric-sql/pglite/contrib/cube'
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import pg from 'pg'
import * as schema from './schema/index.ts'
import { clearStalePostmasterPid, lockDataDir } from './data-dir-lock.ts'
import { migrateJobQueue } from './job-queue-schema.ts'
import { makePrivateDir } from './private-dir.ts'

/** Table and column names in SQL are snake_case; the TypeScript side is camelCase (db/prepare-raw.ts renders with it too). */
export const CASING = 'snake_case'
export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>

/**
 * Raw SQL for a library that brings its own statements (the job queue). With values it runs one statement;
 * without, the text may hold several (a whole transaction), and a failure rolls back what it began.
 */
export type ExecuteSql = (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }>

export type DatabaseHandle = {
  db: Database
  kind: 'pglite' | 'postgres'
  execute: ExecuteSql
  /** Runs one round trip; throws when the database is unreachable. */
  ping: () => Promise<void>
  /**
   * The same database through connections of its own (PostgreSQL: a pool of `size`, so background work never
   * takes a request's connection; PGlite, which has one connection: this handle, whose close does nothing).
   */
  separatePool: (size: number) => Promise<DatabaseHandle>
  close: () => Promise<void>
}

export type DatabaseTarget =
  | { kind: 'postgres'; url: string; poolSize?: number }
  | { kind: 'pglite'; dataDir: string }
  /** Tests: an in-memory PGlite, optionally restored from a dumped, already migrated data dir. */
  | { kind: 'pglite-memory'; loadDataDir?: Blob }

const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle')

// PGlite starts Postgres with -F (fsync off) by default; we keep its other defaults and turn fsync on so an
// acknowledged write survives a crash of the process or the machine.
const durableStartParams = [
  ...(PGlite as unknown as { defaultStartParams: string[] }).defaultStartParams.filter((p) => p !== '-F'),
  '-c',
  'fsync=on',
  '-c',
  'synchronous_commit=on',
]

function pgliteOptions(extra: object = {}) {
  return { extensions: { pg_trgm, cube, earthdistance }, startParams: durableStartParams, ...extra }
}

async function openPgliteDir(dataDir: string) {
  makePrivateDir(dataDir)
  const lock = await lockDataDir(dataDir)
  try {
    const pgData = path.join(dataDir, 'pgdata')
    if (!existsSync(pgData)) {
      // Create in a temporary folder and rename into place, so a crash mid-creation leaves no half database.
      const staging = path.join(dataDir, `.pgdata-new-${process.pid}`)
      rmSync(staging, { recursive: true, force: true })
      const fresh = await PGlite.create(staging, pgliteOptions())
      await fresh.close()
      renameSync(staging, pgData)
    } else if (lock.wasStale) {
      clearStalePostmasterPid(pgData)
    }
    const client = await PGlite.create(pgData, pgliteOptions())
    return { client, release: lock.release, mend: () => makePrivateDir(dataDir) }
  } catch (error) {
    lock.release()
    throw error
  }
}

function openPostgres(url: string, poolSize: number): DatabaseHandle {
  // A database host that drops packets must fail requests (503) quickly, not hang them until TCP gives up.
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: 5000 })
  // An idle client losing its server (a restart) must not crash the process; the pool reconnects.
  pool.on('error', () => {})
  return {
    db: drizzlePg({ client: pool, schema, casing: CASING }) as unknown as Database,
    kind: 'postgres',
    execute: async (text, values) => {
      const client = await pool.connect()
      try {
        const result = await client.query(text, values)
        client.release()
        return result
      } catch (error) {
        // A failed multi-statement text can leave its transaction open: that connection is not reused.
        client.release(true)
        throw error
      }
    },
    ping: async () => void (await pool.query('select 1')),
    separatePool: async (size) => openPostgres(url, size),
    close: () => pool.end(),
  }
}

/**
 * PGlite's statements: one with parameters (extended protocol), or a script (simple protocol). A script runs
 * inside PGlite's own transaction, which holds its one connection until the end: a script that fails after its
 * own BEGIN is rolled back before any other query can run into the aborted transaction. (Its own COMMIT ends that
 * transaction early; PGlite's COMMIT after it then only warns.)
 */
function pgliteExecute(client: PGlite): ExecuteSql {
  return async (text, values) =>
    values?.length
      ? client.query(text, values)
      : client.transaction(async (tx) => (await tx.exec(text)).at(-1) ?? { rows: [] })
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    const handle = openPostgres(target.url, target.poolSize ?? 10)
    await migratePg(handle.db as unknown as Parameters<typeof migratePg>[0], { migrationsFolder })
    await migrateJobQueue(handle.execute)
    return handle
  }

  const { client, release, mend } =
    target.kind === 'pglite'
      ? await openPgliteDir(target.dataDir)
      : {
          client: await PGlite.create(
            pgliteOptions(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
          ),
          release: () => {},
          mend: () => {},
        }
  const db = drizzlePglite({ client, schema, casing: CASING })
  const execute = pgliteExecute(client)
  await migratePglite(db, { migrationsFolder })
  await migrateJobQueue(execute)
  // Postgres has started and migrated: take back the access PGlite gave its new files (private-dir.ts).
  mend()
  let closed = false
  const handle: DatabaseHandle = {
    db: db as unknown as Database,
    kind: 'pglite',
    execute,
    ping: async () => void (await client.query('select 1')),
    separatePool: async () => ({ ...handle, close: async () => {} }),
    close: async () => {
      if (closed) return
      closed = true
      await client.close()
      mend()
      release()
    },
  }
  return handle
}
