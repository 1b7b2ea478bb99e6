import { mkdirSync, writeFileSync } from 'node:fs'
import { openDatabase } from '../db/client.ts'
import { createPostgresDatabase, PG_TEMPLATE, PGLITE_TEMPLATE_FILE } from './database.ts'

// Migrate once, then every test app starts from a copy: a dumped PGlite data dir (~0.5 s to restore) or a
// PostgreSQL template database (CREATE DATABASE … TEMPLATE is a file copy).
export default async function setup() {
  const url = process.env.TEST_DATABASE_URL
  if (url) {
    const template = await createPostgresDatabase(url, PG_TEMPLATE)
    const handle = await openDatabase({ kind: 'postgres', url: template, poolSize: 1 })
    await handle.close()
    return
  }
  const handle = await openDatabase({ kind: 'pglite-memory' })
  const client = (handle.db as unknown as { $client: { dumpDataDir: (c: 'none') => Promise<Blob> } }).$client
  const dump = await client.dumpDataDir('none')
  await handle.close()
  mkdirSync('.tmp', { recursive: true })
  writeFileSync(PGLITE_TEMPLATE_FILE, Buffer.from(await dump.arrayBuffer()))
}
