import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core'
import { HASH_BANDS, hashBand } from '../photo-hash-bands.ts'
import { listing } from './listings.ts'

/**
 * A listing's photo: its files are `<listing_id>/<key>-<width>.webp` under PHOTOS_DIR, one per stored width
 * (docs/architecture.md §3.3). `width` and `height` are the largest stored size's; the smaller widths follow
 * from `width` alone (src/shared/photos.ts). The lowest `position` is the cover.
 */
export const listingPhoto = pgTable(
  'listing_photo',
  {
    id: uuid().primaryKey().defaultRandom(),
    listingId: uuid()
      .notNull()
      .references(() => listing.id, { onDelete: 'cascade' }),
    /** Derived from the stored files' bytes (sha-256, hex): the files' names, never the original's hash. */
    key: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    /** A thumbhash, base64: the blurred picture shown while the photo loads. */
    placeholder: text().notNull(),
    position: integer().notNull(),
    /**
     * The processed picture's perceptual hash (a 64-bit pHash, src/server/photos/photo-hash.ts), which the
     * copied-photo signal compares; null for photos stored without one (demo illustrations, photos from before it).
     */
    hash: bigint({ mode: 'bigint' }),
    /**
     * Stored before the hash existed and not yet hashed from its file: the backfill job's list (decision 061).
     * Set by the migration that added it, never by a write.
     */
    needsHash: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The same picture twice on one listing is one photo: a repeated upload answers the existing one.
    unique('listing_photo_listing_key').on(table.listingId, table.key),
    index('listing_photo_listing_position_idx').on(table.listingId, table.position),
    check('listing_photo_key', sql`${table.key} ~ '^[0-9a-f]{32}$'`),
    check('listing_photo_size', sql`${table.width} > 0 and ${table.height} > 0`),
    index('listing_photo_needs_hash_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.needsHash}`),
    // The near-copy lookup: one index per band of the hash (db/photo-hash-bands.ts, decision 051).
    ...HASH_BANDS.map((band, i) =>
      index(`listing_photo_hash_band${i}_idx`)
        .on(hashBand(sql`${table.hash}`, band))
        .where(sql`${table.hash} is not null`),
    ),
  ],
)
