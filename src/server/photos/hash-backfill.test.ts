import { mkdtempSync, readdirSync, readFileSync, rmSync, unlinkSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, expect, test } from 'vitest'
import { uploadAs } from '../routes/photos/test-requests.ts'
import { runSignals } from '../signals/run-signals.ts'
import { createListing, signUp, useTestApp, type TestUser } from '../test/app.ts'
import { selectRows } from '../test/database.ts'
import { hashDistance } from './photo-hash.ts'
import { hashStoredFile, runHashBackfill } from './hash-backfill.ts'
import { COPIES, roomPhoto, SIMILAR_ROOMS } from './test-images.ts'

// Photos stored before perceptual hashes existed get theirs from their stored files (decision 061): real uploads
// through the route, real files, real sharp; "old" photos are made by taking their hash away and marking them as
// the migration marks such photos.

const photosDir = mkdtempSync(path.join(tmpdir(), 'nestmate-hash-backfill-'))
afterAll(() => rmSync(photosDir, { recursive: true, force: true }))
const t = useTestApp({ PHOTOS_DIR: photosDir })

type Row = {
  id: string
  listingId: string
  key: string
  width: number
  hash: string | null
  needsHash: boolean
}
const photosOf = (listingId: string) =>
  selectRows<Row>(
    t.database,
    sql`select id, listing_id as "listingId", key, width, hash::text, needs_hash as "needsHash"
      from listing_photo where listing_id = ${listingId} order by position`,
  )
const backfill = (options?: Parameters<typeof runHashBackfill>[1]) =>
  runHashBackfill({ db: t.database.db, photosDir, log: t.app.log }, options)

async function listingWithPhoto(user: TestUser, photo: Buffer, title = 'A room') {
  const listingId = await createListing(t.app, user, { title })
  expect((await uploadAs(t.app, user, listingId, photo)).statusCode).toBe(201)
  return listingId
}

/** As the migration leaves a photo stored before hashes: no hash, marked, and nothing queued about it. */
async function makeOld(listingIds: string[]) {
  for (const listingId of listingIds) {
    await t.database.db.execute(
      sql`update listing_photo set hash = null, needs_hash = true where listing_id = ${listingId}`,
    )
    await t.database.db.execute(
      sql`delete from signal_check where kind = 'photo'
        and target_id in (select id::text from listing_photo where listing_id = ${listingId})`,
    )
  }
}

test('old photos get the hash their upload would have given, once; then a near-copy of one is reported', async () => {
  const [owner, copier] = [await signUp(t.app), await signUp(t.app)]
  const original = await roomPhoto()
  const old = await listingWithPhoto(owner, original, 'The original room')
  const otherOld = await listingWithPhoto(owner, await roomPhoto(SIMILAR_ROOMS['the bed and window nudged']))
  await runSignals(t.database.db)
  const uploaded = (await photosOf(old))[0]!.hash!
  await makeOld([old, otherOld])

  expect(await backfill()).toEqual({ hashed: 2, unreadable: 0 })
  const [photo] = await photosOf(old)
  expect(photo).toMatchObject({ needsHash: false, hash: expect.any(String) })
  // From the stored WebP rather than the upload's pixels: the same picture to the hash, well inside a copy's 6 bits.
  expect(hashDistance(photo!.hash!, uploaded)).toBeLessThanOrEqual(2)
  // Each is queued for the copied-photo check, as an upload is.
  expect(
    await selectRows(
      t.database,
      sql`select count(*)::int as n from signal_check where kind = 'photo' and target_id = ${photo!.id}`,
    ),
  ).toEqual([{ n: 1 }])

  // A second run finds nothing to do and changes nothing.
  const before = [...(await photosOf(old)), ...(await photosOf(otherOld))]
  expect(await backfill()).toEqual({ hashed: 0, unreadable: 0 })
  expect([...(await photosOf(old)), ...(await photosOf(otherOld))]).toEqual(before)

  // A copier's re-encoded copy of the old photo is now noticed.
  const copied = await listingWithPhoto(copier, await COPIES['JPEG at quality 30']!(original), 'Copied room')
  await runSignals(t.database.db)
  const reports = await selectRows<{ reason: string; note: string }>(
    t.database,
    sql`select reason, note from report where target_id = ${copied} and is_system`,
  )
  expect(reports).toEqual([{ reason: 'copied_photo', note: expect.stringContaining('“The original room”') }])
})

test('a run cut short leaves the rest marked for the next; a photo whose file is gone is given up once', async () => {
  const owner = await signUp(t.app)
  const listings = [
    await listingWithPhoto(owner, await roomPhoto({ bedX: 120 })),
    await listingWithPhoto(owner, await roomPhoto({ bedX: 520 })),
    await listingWithPhoto(owner, await roomPhoto({ bedX: 920 })),
  ]
  await makeOld(listings)
  const [gone] = await photosOf(listings[2]!)
  unlinkSync(path.join(photosDir, gone!.listingId, `${gone!.key}-${gone!.width}.webp`))

  // Stopped after its first photo (the job's signal aborts at its time limit or a shutdown).
  const stop = new AbortController()
  const first = await backfill({
    signal: stop.signal,
    hashFile: async (file) => {
      const hash = await hashStoredFile(file)
      stop.abort()
      return hash
    },
  })
  expect(first).toEqual({ hashed: 1, unreadable: 0 })
  const marked = async () =>
    (await Promise.all(listings.map(photosOf))).map(([photo]) => [photo!.needsHash, photo!.hash !== null])
  expect(await marked()).toEqual([
    [false, true],
    [true, false],
    [true, false],
  ])

  expect(await backfill()).toEqual({ hashed: 1, unreadable: 1 })
  expect(await marked()).toEqual([
    [false, true],
    [false, true],
    [false, false],
  ])
  expect(await backfill()).toEqual({ hashed: 0, unreadable: 0 })
})

test('the job runs on the job runner and does nothing once every photo has its hash', async () => {
  const owner = await signUp(t.app)
  const listingId = await listingWithPhoto(owner, await roomPhoto({ plantX: 300 }))
  await makeOld([listingId])
  const runJob = async () => {
    await t.app.jobs.send('photo-hash-backfill', {})
    expect(await t.app.jobs.runDue('photo-hash-backfill')).toBe(1)
  }
  await runJob()
  expect((await photosOf(listingId))[0]).toMatchObject({ needsHash: false, hash: expect.any(String) })
  await runJob()
  expect(
    await selectRows(t.database, sql`select count(*)::int as n from listing_photo where needs_hash`),
  ).toEqual([{ n: 0 }])
})

test('the migration marks the photos without a hash, but not an example person’s (demo illustrations)', async () => {
  const [person, example] = [await signUp(t.app), await signUp(t.app)]
  await t.database.db.execute(sql`update "user" set is_example = true where id = ${example.id}`)
  const mine = await listingWithPhoto(person, await roomPhoto({ windowX: 200 }))
  const demo = await listingWithPhoto(example, await roomPhoto({ windowX: 900 }))
  for (const listingId of [mine, demo])
    await t.database.db.execute(sql`update listing_photo set hash = null where listing_id = ${listingId}`)
  // The migration's hand-written statement, as written there.
  const folder = path.resolve('drizzle')
  const migration = readdirSync(folder).find((name) => name.endsWith('_photo_hash_backfill.sql'))!
  const marking = readFileSync(path.join(folder, migration), 'utf8').split('--> statement-breakpoint').at(-1)!
  await t.database.execute(marking)
  expect((await photosOf(mine))[0]!.needsHash).toBe(true)
  expect((await photosOf(demo))[0]!.needsHash).toBe(false)
  expect(await backfill()).toMatchObject({ hashed: 1 })
  expect((await photosOf(demo))[0]!.hash).toBeNull()
})
