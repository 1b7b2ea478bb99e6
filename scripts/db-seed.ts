import { openDatabase } from '../src/server/db/client.ts'
import { DEMO_EMAILS, insertDemoData } from '../src/server/db/demo-data.ts'
import { loadConfig } from '../src/server/env.ts'
import { insertDemoPhotos } from '../src/server/photos/demo-photos.ts'
import { createPhotoStore } from '../src/server/photos/photo-store.ts'

// Demo data on request, for any database (the embedded one gets it on first start by itself).
const config = loadConfig()
const database = await openDatabase(
  config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir },
)
try {
  const inserted = await insertDemoData(database.db)
  console.log(
    inserted > 0
      ? `inserted ${inserted} demo listings`
      : 'the database already has listings; nothing inserted',
  )
  if (inserted > 0) {
    const store = createPhotoStore(config.photosDir)
    await store.init()
    console.log(`added ${await insertDemoPhotos(database.db, store, DEMO_EMAILS)} illustrative demo photos`)
  }
} finally {
  await database.close()
}
