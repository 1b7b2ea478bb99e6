import { describe, expect, test } from 'vitest'
import { bandOf, HASH_BANDS, NEAR_COPY_DISTANCE } from '../db/photo-hash-bands.ts'
import { hashDistance } from './photo-hash.ts'
import { processPhoto } from './process-photo.ts'
import { COPIES, roomPhoto, SIMILAR_ROOMS } from './test-images.ts'

// The copied-photo signal's distance (decision 051), decided here: every copy a copier makes must be within it,
// and every other photo of a similar room outside it. The hash is the stored photo's, from the real pipeline.

const hashOf = async (photo: Buffer) => (await processPhoto(photo)).hash

describe('the perceptual hash of a processed photo', async () => {
  const original = await roomPhoto()
  const hash = await hashOf(original)

  test.each(Object.entries(COPIES))('a copy (%s) is within the distance', async (_name, copy) => {
    expect(hashDistance(hash, await hashOf(await copy(original)))).toBeLessThanOrEqual(NEAR_COPY_DISTANCE)
  })

  test.each(Object.entries(SIMILAR_ROOMS))(
    'another photo of a similar room (%s) is outside it',
    async (_name, layout) => {
      expect(hashDistance(hash, await hashOf(await roomPhoto(layout)))).toBeGreaterThan(NEAR_COPY_DISTANCE)
    },
  )
})

test('two hashes within the distance share a band exactly (the index finds every near-copy)', () => {
  let seed = 7n
  const random64 = () => (seed = (seed * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n))
  for (let i = 0; i < 2000; i++) {
    const a = random64()
    let b = a
    for (let flips = 0; flips < NEAR_COPY_DISTANCE; flips++) b ^= 1n << (random64() % 64n)
    expect(HASH_BANDS.some((band) => bandOf(a, band) === bandOf(b, band))).toBe(true)
  }
  expect(HASH_BANDS.reduce((bits, band) => bits + band.bits, 0)).toBe(64)
})
