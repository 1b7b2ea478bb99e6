import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import sharp from 'sharp'
import type { Database } from '../db/client.ts'
import { rowsOf } from '../db/sql.ts'
import { perceptualHash } from './photo-hash.ts'
import { createPhotoStore } from './photo-store.ts'

// Photos stored before perceptual hashes existed get theirs from their largest stored file (decision 061), so a
// near-copy of them is noticed like a copy of any newer photo. The migration that added `needs_hash` marked them;
// each photo is hashed, recorded and queued for the copied-photo check on its own, so a run cut short anywhere
// has lost nothing, and once none is marked a run is one probe of an empty index.

/** Photos read per statement: a run goes on batch after batch until none is left or its time is up. */
const BATCH = 20

type Marked = { id: string; listingId: string; key: string; width: number }

/** The hash of a stored file, read by libvips off the event loop (a WebP shrinks as it loads). */
export const hashStoredFile = (file: string) => perceptualHash(sharp(file))

export async function runHashBackfill(
  { db, photosDir, log }: { db: Database; photosDir: string; log: FastifyBaseLogger },
  {
    signal,
    hashFile = hashStoredFile,
  }: { signal?: AbortSignal; hashFile?: (file: string) => Promise<string> } = {},
): Promise<{ hashed: number; unreadable: number }> {
  const store = createPhotoStore(photosDir)
  let hashed = 0
  let unreadable = 0
  for (;;) {
    // Oldest first: a photo's copied-photo check compares it with those stored before it, hashed by then.
    const batch = await rowsOf<Marked>(
      db,
      sql`select id, listing_id as "listingId", key, width from listing_photo
        where needs_hash order by created_at, id limit ${BATCH}`,
    )
    if (batch.length === 0) break
    for (const photo of batch) {
      if (signal?.aborted) return { hashed, unreadable }
      const file = store.fileFor(photo.listingId, `${photo.key}-${photo.width}.webp`)
      const hash = file ? await hashFile(file).catch((error: Error) => error) : new Error('not a stored name')
      if (hash instanceof Error) {
        // Its file is gone or damaged: nothing to compare, now or later. The photo keeps no hash, as demo ones.
        log.warn({ photo: photo.id, err: hash }, 'photo hash backfill: %s unreadable', photo.id)
        await db.execute(sql`update listing_photo set needs_hash = false where id = ${photo.id}`)
        unreadable++
        continue
      }
      await db.execute(
        sql`with done as (
            update listing_photo set hash = ${hash}::bigint, needs_hash = false
            where id = ${photo.id} and needs_hash returning id)
          insert into signal_check (kind, target_id) select 'photo', id::text from done`,
      )
      hashed++
    }
  }
  return { hashed, unreadable }
}
