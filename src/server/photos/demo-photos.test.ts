import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, expect, test } from 'vitest'
import type { ListingSummary } from '#shared/listing.ts'
import { DEMO_EMAILS, insertDemoData } from '../db/demo-data.ts'
import { useTestApp } from '../test/app.ts'
import { insertDemoPhotos, roomSvg } from './demo-photos.ts'
import { createPhotoStore } from './photo-store.ts'

const photosDir = mkdtempSync(path.join(tmpdir(), 'nestmate-photos-'))
afterAll(() => rmSync(photosDir, { recursive: true, force: true }))
const t = useTestApp({ PHOTOS_DIR: photosDir })

test('demo listings get illustrations drawn at seed time, stored like uploads, once', async () => {
  expect(roomSvg(0)).toContain('Illustration: demo listing, not a real room')
  expect(await insertDemoData(t.database.db)).toBeGreaterThan(20)
  const store = createPhotoStore(photosDir)
  expect(await insertDemoPhotos(t.database.db, store, DEMO_EMAILS)).toBeGreaterThan(50)
  const page = (await t.app.inject({ method: 'GET', url: '/api/roommate-listings?limit=100' })).json<
    ListingSummary[]
  >()
  const covers = page.flatMap((listing) => (listing.cover ? [listing.cover] : []))
  // Most have photos; now and then one has none, as on the real site.
  expect(covers.length).toBeGreaterThan(page.length * 0.7)
  expect(covers.length).toBeLessThan(page.length)
  const file = await t.app.inject({ method: 'GET', url: covers[0]!.url })
  expect(file.statusCode).toBe(200)
  const metadata = await sharp(file.rawPayload).metadata()
  expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 800, 600])
  expect([covers[0]!.width, covers[0]!.height]).toEqual([800, 600])
  // A second seed adds nothing.
  expect(await insertDemoPhotos(t.database.db, store, DEMO_EMAILS)).toBe(0)
})
