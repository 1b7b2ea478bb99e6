import { sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { bandOf, HASH_BANDS, hashBand, NEAR_COPY_DISTANCE } from '../db/photo-hash-bands.ts'
import { rowsOf } from '../db/sql.ts'

export type NearCopy = { listingId: string; title: string; distance: number }

/** The photo looked for: its hash, whose it is, and when it was stored (the photo's id breaks ties). */
export type PhotoToCheck = { hash: bigint; ownerId: string; storedAt: string; id: string }

/**
 * The photo on another person's listing whose hash is nearest to this one's, if one is within NEAR_COPY_DISTANCE
 * bits and was stored before it (of two near-copies, the later one is the copy), following decision 051. The
 * candidates are the photos equal to the hash in one band (an OR of the band indexes); only those are compared bit
 * by bit. Photos of the owner's own listings never count: posting one's own picture twice is fine.
 */
export async function findNearCopy(db: Database, photo: PhotoToCheck): Promise<NearCopy | undefined> {
  // PostgreSQL guesses a third of the candidates pass the distance and plans a parallel worker, whose start took
  // 15 of the 16 ms the lookup took at 100k photos (docs/benchmarks.md, Signals). One process suits a lookup of
  // a millisecond; the setting ends with the transaction. (The embedded database has no parallel workers.)
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`)
    const [found] = await rowsOf<NearCopy>(tx, nearCopyStatement(photo))
    return found
  })
}

/** findNearCopy's statement (the benchmark explains it). */
export function nearCopyStatement({ hash, ownerId, storedAt, id }: PhotoToCheck): SQL {
  const column = sql`q.hash`
  const sameBand = sql.join(
    HASH_BANDS.map((band) => sql`${hashBand(column, band)} = ${bandOf(hash, band).toString()}::bigint`),
    sql` or `,
  )
  return sql`select q.listing_id as "listingId", l.title,
        bit_count((q.hash # ${hash.toString()}::bigint)::bit(64))::int as distance
      from listing_photo q join listing l on l.id = q.listing_id
      where q.hash is not null and (${sameBand})
        and bit_count((q.hash # ${hash.toString()}::bigint)::bit(64)) <= ${NEAR_COPY_DISTANCE}
        and l.owner_id <> ${ownerId} and (q.created_at, q.id) < (${storedAt}::timestamptz, ${id}::uuid)
      order by distance, q.created_at
      limit 1`
}
