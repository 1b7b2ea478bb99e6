import { and, asc, count, eq, sql } from 'drizzle-orm'
import { PHOTO_LIMITS, photoUrl, photoWidths } from '#shared/photos.ts'
import type { ListingPhoto } from '#shared/listing.ts'
import type { Database } from '../../db/client.ts'
import { listing, listingPhoto } from '../../db/schema/index.ts'
import type { ProcessedPhoto } from '../../photos/process-photo.ts'

export type PhotoRow = Pick<
  typeof listingPhoto.$inferSelect,
  'id' | 'key' | 'width' | 'height' | 'placeholder'
>

const columns = {
  id: listingPhoto.id,
  key: listingPhoto.key,
  width: listingPhoto.width,
  height: listingPhoto.height,
  placeholder: listingPhoto.placeholder,
}

/** A row as the API answers it: the largest size as `url`, every stored size in `srcset`. */
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** Locks the listing for the rest of the transaction if `ownerId` owns it; undefined when not (missing or not theirs). */
async function lockOwned(tx: Transaction, listingId: string, ownerId: string) {
  const [owned] = await tx
    .select({ id: listing.id })
    .from(listing)
    .where(and(eq(listing.id, listingId), eq(listing.ownerId, ownerId)))
    .for('no key update')
  return owned
}

export function photoView(listingId: string, row: PhotoRow): ListingPhoto {
  const widths = photoWidths(row.width)
  return {
    id: row.id,
    url: photoUrl(listingId, row.key, row.width),
    srcset: widths.map((size) => `${photoUrl(listingId, row.key, size)} ${size}w`).join(', '),
    width: row.width,
    height: row.height,
    placeholder: row.placeholder,
  }
}

export type AddOutcome =
  { outcome: 'added' | 'exists'; photo: ListingPhoto } | { outcome: 'not-owned' } | { outcome: 'full' }

/** The SQL of listing photos: the only code that reads or writes `listing_photo`. */
export function createPhotosRepository(db: Database) {
  const ordered = (listingId: string, executor: Pick<Database, 'select'> = db) =>
    executor
      .select(columns)
      .from(listingPhoto)
      .where(eq(listingPhoto.listingId, listingId))
      .orderBy(asc(listingPhoto.position), asc(listingPhoto.createdAt))

  return {
    /** Before the work of processing a file: whose listing it is and how many photos it has. */
    async target(listingId: string): Promise<{ ownerId: string; photos: number } | undefined> {
      const [row] = await db
        .select({
          ownerId: listing.ownerId,
          photos: sql<number>`(select count(*)::int from ${listingPhoto} where ${listingPhoto.listingId} = ${listing.id})`,
        })
        .from(listing)
        .where(eq(listing.id, listingId))
      return row
    },

    /**
     * Adds a photo whose files are already stored, if `ownerId` owns the listing and it has room. The listing row
     * is locked for the transaction, so two uploads at once can't both take the eighth place.
     */
    async add(listingId: string, ownerId: string, photo: ProcessedPhoto): Promise<AddOutcome> {
      return db.transaction(async (tx) => {
        const owned = await lockOwned(tx, listingId, ownerId)
        if (!owned) return { outcome: 'not-owned' }
        const [existing] = await tx
          .select(columns)
          .from(listingPhoto)
          .where(and(eq(listingPhoto.listingId, listingId), eq(listingPhoto.key, photo.key)))
        if (existing) return { outcome: 'exists', photo: photoView(listingId, existing) }
        const [taken] = await tx
          .select({ photos: count(), next: sql<number>`coalesce(max(${listingPhoto.position}) + 1, 0)::int` })
          .from(listingPhoto)
          .where(eq(listingPhoto.listingId, listingId))
        if ((taken?.photos ?? 0) >= PHOTO_LIMITS.perListing) return { outcome: 'full' }
        const [row] = await tx
          .insert(listingPhoto)
          .values({
            listingId,
            key: photo.key,
            width: photo.width,
            height: photo.height,
            placeholder: photo.placeholder,
            hash: BigInt(photo.hash),
            position: taken?.next ?? 0,
          })
          .returning(columns)
        return { outcome: 'added', photo: photoView(listingId, row!) }
      })
    },

    /** Deletes one photo of the owner's listing; answers its key (its files' name), or undefined. */
    async remove(listingId: string, photoId: string, ownerId: string): Promise<string | undefined> {
      const [row] = await db
        .delete(listingPhoto)
        .where(
          and(
            eq(listingPhoto.id, photoId),
            eq(listingPhoto.listingId, listingId),
            sql`exists (select 1 from ${listing} where ${listing.id} = ${listingPhoto.listingId} and ${listing.ownerId} = ${ownerId})`,
          ),
        )
        .returning({ key: listingPhoto.key })
      return row?.key
    },

    /**
     * Puts the owner's photos in the given order (the first is the cover). Answers the photos in their new order;
     * undefined when the listing isn't the owner's; 'mismatch' when `order` isn't each photo exactly once.
     */
    async reorder(
      listingId: string,
      ownerId: string,
      order: string[],
    ): Promise<ListingPhoto[] | 'mismatch' | undefined> {
      return db.transaction(async (tx) => {
        const owned = await lockOwned(tx, listingId, ownerId)
        if (!owned) return undefined
        const current = await tx
          .select({ id: listingPhoto.id })
          .from(listingPhoto)
          .where(eq(listingPhoto.listingId, listingId))
        const ids = new Set(current.map((row) => row.id))
        if (
          order.length !== ids.size ||
          new Set(order).size !== ids.size ||
          !order.every((id) => ids.has(id))
        )
          return 'mismatch'
        // The ids are uuids (checked by the route's schema), so the joined list is a safe array literal.
        await tx
          .update(listingPhoto)
          .set({
            position: sql`array_position(string_to_array(${order.join(',')}, ',')::uuid[], ${listingPhoto.id}) - 1`,
          })
          .where(eq(listingPhoto.listingId, listingId))
        return (await ordered(listingId, tx)).map((row) => photoView(listingId, row))
      })
    },

    /** The keys with a row on this listing: what the store's sweep keeps. */
    async keys(listingId: string): Promise<Set<string>> {
      const rows = await db
        .select({ key: listingPhoto.key })
        .from(listingPhoto)
        .where(eq(listingPhoto.listingId, listingId))
      return new Set(rows.map((row) => row.key))
    },
  }
}

export type PhotosRepository = ReturnType<typeof createPhotosRepository>
