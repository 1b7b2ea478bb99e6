import { openDatabase } from '../src/server/db/client.ts'
import { loadConfig } from '../src/server/env.ts'

// Migrations also run at every start; this is for deploy pipelines that migrate before rolling out.
const config = loadConfig()
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
)
await database.close()
console.log(`migrated the ${database.kind} database`)
