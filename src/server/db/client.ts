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
import { listenOnPostgres, type Listener } from './listen.ts'
import { makePrivateDir } from './private-dir.ts'

/** Table and column names in SQL are snake_case; the TypeScript side is camelCase (db/prepare-raw.ts renders with it too). */
export const CASING = 'snake_case'
export type Schema = typeof schema
export type Database = PgDatabase<PgQueryResultHKT, Schema>

export type DatabaseHandle = {
  db: Database
  kind: 'pglite' | 'postgres'
  /** Runs one round trip; throws when the database is unreachable. */
  ping: () => Promise<void>
  /**
   * LISTENs on `channel` (PostgreSQL: a connection of its own per process; PGlite: the one in-process database);
   * resolves once listening, with the function that stops.
   */
  listen: (channel: string, listener: Listener) => Promise<() => Promise<void>>
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

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'postgres') {
    // A database host that drops packets must fail requests (503) quickly, not hang them until TCP gives up.
    const pool = new pg.Pool({
      connectionString: target.url,
      max: target.poolSize ?? 10,
      connectionTimeoutMillis: 5000,
    })
    // An idle client losing its server (a restart) must not crash the process; the pool reconnects.
    pool.on('error', () => {})
    const db = drizzlePg({ client: pool, schema, casing: CASING })
    await migratePg(db, { migrationsFolder })
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      ping: async () => void (await pool.query('select 1')),
      listen: (channel, listener) => listenOnPostgres(target.url, channel, listener),
      close: () => pool.end(),
    }
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
  await migratePglite(db, { migrationsFolder })
  // Postgres has started and migrated: take back the access PGlite gave its new files (private-dir.ts).
  mend()
  let closed = false
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    listen: async (channel, listener) => {
      const stop = await client.listen(channel, listener.onNotify)
      return async () => {
        if (!closed) await stop()
      }
    },
    close: async () => {
      if (closed) return
      closed = true
      await client.close()
      mend()
      release()
    },
  }
}
