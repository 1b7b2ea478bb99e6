import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { bandOf, HASH_BANDS, hashBand, NEAR_COPY_DISTANCE } from '../db/photo-hash-bands.ts'
import { rowsOf } from '../routes/conversations/message-writes.ts'

export type NearCopy = { listingId: string; title: string; distance: number }

/** The photo looked for: its hash, whose it is, and when it was stored (the photo's id breaks ties). */
export type PhotoToCheck = { hash: bigint; ownerId: string; storedAt: string; id: string }

/**
 * The photo on another person's listing whose hash is nearest to this one's, if one is within NEAR_COPY_DISTANCE
 * bits and was stored before it (of two near-copies, the later one is the copy), following decision 051. The
 * candidates are the photos equal to the hash in one band (an OR of the band indexes); only those are compared bit
 * by bit. Photos of the owner's own listings never count: posting one's own picture twice is fine.
 */
export async function findNearCopy(
  db: Pick<Database, 'execute'>,
  { hash, ownerId, storedAt, id }: PhotoToCheck,
): Promise<NearCopy | undefined> {
  const column = sql`q.hash`
  const sameBand = sql.join(
    HASH_BANDS.map((band) => sql`${hashBand(column, band)} = ${bandOf(hash, band).toString()}::bigint`),
    sql` or `,
  )
  const [found] = await rowsOf<NearCopy>(
    db,
    sql`select q.listing_id as "listingId", l.title,
        bit_count((q.hash # ${hash.toString()}::bigint)::bit(64))::int as distance
      from listing_photo q join listing l on l.id = q.listing_id
      where q.hash is not null and (${sameBand})
        and bit_count((q.hash # ${hash.toString()}::bigint)::bit(64)) <= ${NEAR_COPY_DISTANCE}
        and l.owner_id <> ${ownerId} and (q.created_at, q.id) < (${storedAt}::timestamptz, ${id}::uuid)
      order by distance, q.created_at
      limit 1`,
  )
  return found
}
