import { sql, type SQL } from 'drizzle-orm'

// A photo's perceptual hash is 64 bits (a pHash, src/server/photos/photo-hash.ts), stored as a signed bigint. Two
// photos are near-copies when their hashes differ in at most NEAR_COPY_DISTANCE bits (decision 051: the distance
// comes from src/server/photos/photo-hash.test.ts). The lookup must not compare a new hash with every stored one,
// so the 64 bits are cut into NEAR_COPY_DISTANCE + 1 bands, each an expression index on `listing_photo.hash`: two
// hashes at most d bits apart differ in at most d bands, so they share at least one band exactly (pigeonhole), and
// candidates are the rows equal in one band, a handful at 100k photos.

export const NEAR_COPY_DISTANCE = 6

const BAND_COUNT = NEAR_COPY_DISTANCE + 1

/** Each band's lowest bit and width: 64 bits as evenly as they go (9 or 10 bits each). */
export const HASH_BANDS = Array.from({ length: BAND_COUNT }, (_, i) => {
  const start = Math.round((i * 64) / BAND_COUNT)
  const end = Math.round(((i + 1) * 64) / BAND_COUNT)
  return { shift: start, bits: end - start }
})

/**
 * A band of a bigint hash in SQL: `(hash >> shift) & mask`. The shift is arithmetic (the sign is copied into the
 * top bits) and the mask drops those bits. The same text builds the indexes and the lookup, so the planner matches
 * them. Constants only, never input.
 */
export function hashBand(hash: SQL, band: (typeof HASH_BANDS)[number]): SQL {
  return sql`((${hash} >> ${sql.raw(String(band.shift))}) & ${sql.raw(String(2 ** band.bits - 1))})`
}

/** The same band of a hash in TypeScript, for the lookup's values. */
export function bandOf(hash: bigint, band: (typeof HASH_BANDS)[number]): bigint {
  return (BigInt.asUintN(64, hash) >> BigInt(band.shift)) & ((1n << BigInt(band.bits)) - 1n)
}
