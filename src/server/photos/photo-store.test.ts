import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, expect, test } from 'vitest'
import { openToOthers } from '../test/file-modes.ts'
import { createPhotoStore } from './photo-store.ts'
import { processPhoto } from './process-photo.ts'
import { png } from './test-images.ts'

// PHOTOS_DIR set outside DATA_DIR, as a deployment that keeps photos on their own volume does.
const root = mkdtempSync(path.join(tmpdir(), 'nestmate-photo-store-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))
const LISTING = '0b5e5f57-3d2a-4a8e-9c55-0c1d2e3f4a5b'

test("every folder and file the store writes is its owner's alone, from the first", async () => {
  const photosDir = path.join(root, 'fresh', 'photos')
  const store = createPhotoStore(photosDir)
  await store.init()
  await store.write(LISTING, await processPhoto(await png(64, 48)))
  expect(readdirSync(path.join(photosDir, LISTING))).toHaveLength(1)
  expect(openToOthers(path.join(root, 'fresh'))).toEqual([])
})

test('a store left open to others is closed at start, and everything in it by the sweep, keeping every file', async () => {
  const photosDir = path.join(root, 'old')
  const listingDir = path.join(photosDir, LISTING)
  const names = [`${'c'.repeat(32)}-400.webp`, `${'c'.repeat(32)}-800.webp`]
  // What an earlier release left: folders 0755, files 0644.
  for (const dir of [photosDir, path.join(photosDir, '.tmp'), listingDir]) {
    mkdirSync(dir, { recursive: true })
    chmodSync(dir, 0o755)
  }
  for (const name of names) {
    writeFileSync(path.join(listingDir, name), 'webp')
    chmodSync(path.join(listingDir, name), 0o644)
  }
  expect(openToOthers(photosDir)).toHaveLength(5)

  const store = createPhotoStore(photosDir)
  await store.init()
  // At once: the folder itself, so no other account can reach anything in it.
  expect(statSync(photosDir).mode & 0o777).toBe(0o700)
  const swept = await store.sweep(async () => new Set(['c'.repeat(32)]))
  expect(swept).toEqual({ removed: 0, mended: 4 })
  expect(openToOthers(photosDir)).toEqual([])
  expect(readdirSync(listingDir).sort()).toEqual(names)
})
