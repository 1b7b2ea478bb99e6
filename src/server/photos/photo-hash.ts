import type { Sharp } from 'sharp'

// A photo's perceptual hash, for the copied-photo signal (decision 051): a pHash. The picture is made grey and
// 32 × 32 pixels; the 8 × 8 lowest frequencies of its cosine transform (its broad shapes: where the window, the bed
// and the floor are) each give one bit, set when the frequency is above their median. Re-encoding, resizing, a
// change of colour or a small crop keep those shapes; another room, or the same room photographed a step aside,
// changes many of them. (A difference hash of 9 × 8 pixels was tried first: its copies and similar rooms overlapped.)

const SIDE = 32
const KEPT = 8
// cos((2x + 1)uπ / 2N) for the kept frequencies u and every pixel x.
const COSINES = Array.from({ length: KEPT }, (_, u) =>
  Float64Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
)

/** The hash of a picture, as the signed 64-bit integer the database stores (decimal text, to cross processes). */
export async function perceptualHash(picture: Sharp): Promise<string> {
  const pixels = await picture
    .greyscale()
    .resize(SIDE, SIDE, { fit: 'fill' })
    .raw({ depth: 'uchar' })
    .toBuffer()
  const frequencies: number[] = []
  for (let u = 0; u < KEPT; u++)
    for (let v = 0; v < KEPT; v++) {
      let sum = 0
      for (let y = 0; y < SIDE; y++) {
        const row = COSINES[u]![y]!
        for (let x = 0; x < SIDE; x++) sum += pixels[y * SIDE + x]! * row * COSINES[v]![x]!
      }
      frequencies.push(sum)
    }
  // The median leaves out the first frequency, the picture's mean brightness, far above the others.
  const median = frequencies.slice(1).sort((a, b) => a - b)[(KEPT * KEPT) / 2 - 1]!
  let hash = 0n
  for (const frequency of frequencies) hash = (hash << 1n) | (frequency > median ? 1n : 0n)
  return BigInt.asIntN(64, hash).toString()
}

/** How many of the 64 bits differ between two hashes. */
export function hashDistance(a: string | bigint, b: string | bigint): number {
  let rest = BigInt.asUintN(64, BigInt(a) ^ BigInt(b))
  let bits = 0
  for (; rest > 0n; rest >>= 1n) bits += Number(rest & 1n)
  return bits
}
