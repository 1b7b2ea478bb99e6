import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import fc from 'fast-check'
import sharp from 'sharp'
import { afterAll, describe, expect, test } from 'vitest'
import type { ListingPhoto } from '#shared/listing.ts'
import { PHOTO_LIMITS } from '#shared/photos.ts'
import {
  avif,
  bitmapPng,
  phoneJpeg,
  png,
  pngBomb,
  SCRIPT,
  truncatedJpeg,
  webp,
} from '../../photos/test-images.ts'
import { expectError } from '../../security-tests/helpers.ts'
import { BASE_URL, createListing, injectAs, signUp, type TestUser, useTestApp } from '../../test/app.ts'
import { storedFiles, uploadAs } from './test-requests.ts'

// PHOTOS_DIR of this file's app, to look at what is on disk.
const photosDir = mkdtempSync(path.join(tmpdir(), 'nestmate-photos-'))
afterAll(() => rmSync(photosDir, { recursive: true, force: true }))
const t = useTestApp({ PHOTOS_DIR: photosDir })

const details = (user: TestUser, id: string) =>
  injectAs(t.app, user, { method: 'GET', url: `/api/roommate-listings/${id}` })
const photosOf = async (user: TestUser, id: string): Promise<ListingPhoto[]> =>
  (await details(user, id)).json().photos
const coverOf = async (id: string) => {
  const page = await t.app.inject({ method: 'GET', url: '/api/roommate-listings?sort=newest&limit=100' })
  return page.json().find((row: { _id: string }) => row._id === id).cover
}
const fetchFile = (url: string) => t.app.inject({ method: 'GET', url })

async function ownerWithListing() {
  const owner = await signUp(t.app)
  return { owner, listingId: await createListing(t.app, owner) }
}

/** Uploads, expects it stored, answers the photo. */
async function added(owner: TestUser, listingId: string, data: Buffer): Promise<ListingPhoto> {
  const response = await uploadAs(t.app, owner, listingId, data)
  expect(response.statusCode, response.body).toBe(201)
  return response.json().photo
}

describe('a phone picture', () => {
  test('is stored upright as WebP at each width, with no metadata left in any size, and served immutable', async () => {
    const { owner, listingId } = await ownerWithListing()
    const photo = await added(owner, listingId, await phoneJpeg(1200, 800))
    // Stored sideways with orientation 6: shown upright it is 800 × 1200.
    expect(photo).toEqual({
      id: expect.any(String),
      url: expect.stringMatching(new RegExp(`^/photos/${listingId}/[0-9a-f]{32}-800\\.webp$`)),
      srcset: expect.stringMatching(/-400\.webp 400w, .*-800\.webp 800w$/),
      width: 800,
      height: 1200,
      placeholder: expect.stringMatching(/^[A-Za-z0-9+/]+=*$/),
    })
    const urls = photo.srcset.split(', ').map((entry) => entry.split(' ')[0]!)
    for (const url of urls) {
      const file = await fetchFile(url)
      expect(file.statusCode).toBe(200)
      expect(file.headers['content-type']).toBe('image/webp')
      expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable')
      // Mail clients load the photos an alert shows from another origin (issue 41, finding 9).
      expect(file.headers['cross-origin-resource-policy']).toBe('cross-origin')
      expect(file.headers['x-content-type-options']).toBe('nosniff')
      const data = file.rawPayload
      const metadata = await sharp(data).metadata()
      expect(metadata.format).toBe('webp')
      expect(metadata.width).toBe(Number(/-(\d+)\.webp$/.exec(url)![1]))
      expect(metadata.height).toBe((metadata.width! * 3) / 2)
      // Nothing of the phone's EXIF (GPS, maker, orientation), XMP, IPTC or colour profile is left.
      expect([metadata.exif, metadata.xmp, metadata.iptc, metadata.icc, metadata.orientation]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
        undefined,
      ])
      for (const secret of ['NestmatePhone', 'Secret Owner', 'Exif', 'GPS'])
        expect(data.includes(secret)).toBe(false)
      // Upright: the picture's left half as stored (red) is now its top.
      const [r, , b] = await sharp(data).extract({ left: 5, top: 5, width: 1, height: 1 }).raw().toBuffer()
      expect(r).toBeGreaterThan(150)
      expect(b).toBeLessThan(60)
    }
    // Only the WebP sizes are on disk: the original was never written.
    expect(storedFiles(photosDir, listingId)).toEqual(urls.map((url) => path.basename(url)).sort())
  })

  test('becomes the cover on cards, at the card width with its size and placeholder', async () => {
    const { owner, listingId } = await ownerWithListing()
    expect(await coverOf(listingId)).toBeNull()
    const photo = await added(owner, listingId, await png(2400, 1800))
    expect(photo).toMatchObject({ width: 1600, height: 1200 })
    expect(await coverOf(listingId)).toEqual({
      url: photo.url.replace('-1600.webp', '-800.webp'),
      width: 800,
      height: 600,
      placeholder: photo.placeholder,
    })
    expect((await details(owner, listingId)).json().cover).toEqual(await coverOf(listingId))
  })

  test('PNG, WebP and AVIF are accepted, 16-bit and grey ones too; the same picture twice is the same photo', async () => {
    const { owner, listingId } = await ownerWithListing()
    for (const data of [await png(), await webp(), await avif()]) await added(owner, listingId, data)
    const deep = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#80402080' } })
      .toColourspace('rgb16')
      .png()
      .toBuffer()
    const grey = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#777777' } })
      .toColourspace('b-w')
      .png()
      .toBuffer()
    const other = await signUp(t.app)
    const otherListing = await createListing(t.app, other)
    for (const data of [deep, grey]) expect((await added(other, otherListing, data)).width).toBe(300)
    const again = await uploadAs(t.app, owner, listingId, await webp())
    expect(again.statusCode).toBe(200)
    const photos = await photosOf(owner, listingId)
    expect(photos).toHaveLength(3)
    expect(again.json().photo.id).toBe(photos[1]!.id)
  })

  test('a panorama four times as wide as it is high, or a picture four times as high, is a photo', async () => {
    const { owner, listingId } = await ownerWithListing()
    expect(await added(owner, listingId, await png(2400, 600))).toMatchObject({ width: 1600, height: 400 })
    expect(await added(owner, listingId, await png(300, 1200))).toMatchObject({ width: 300, height: 1200 })
  })
})

describe('refused uploads store nothing', () => {
  const refusals: [
    string,
    () => Promise<{ data: Buffer; filename?: string; type?: string }>,
    number,
    string | RegExp,
  ][] = [
    [
      'a script named .jpg',
      async () => ({ data: SCRIPT, filename: 'room.jpg' }),
      415,
      'This file is not a JPEG, PNG, WebP or AVIF picture.',
    ],
    [
      'a truncated JPEG',
      async () => ({ data: await truncatedJpeg() }),
      400,
      'This picture is damaged or incomplete; try exporting it again.',
    ],
    [
      'a decompression bomb',
      async () => ({ data: pngBomb(), filename: 'bomb.png', type: 'image/png' }),
      413,
      'This picture has more than 40 megapixels.',
    ],
    [
      // 75 kB, under 40 megapixels: a decoder would spend minutes on its rows.
      'a 1 × 39,000,000 PNG, refused from its header',
      async () => ({ data: bitmapPng(1, 39_000_000), filename: 'tall.png', type: 'image/png' }),
      413,
      'A picture can be at most 16,383 pixels wide and high.',
    ],
    [
      'a strip 16 times as wide as it is high',
      async () => ({ data: bitmapPng(8000, 500), filename: 'strip.png', type: 'image/png' }),
      400,
      'A picture can be at most 4 times as wide as it is high, or as high as it is wide; crop it and try again.',
    ],
    [
      'a 16 MB file',
      async () => ({ data: Buffer.concat([await phoneJpeg(), Buffer.alloc(16 * 1024 * 1024)]) }),
      413,
      'A photo can be at most 15 MB.',
    ],
    [
      'an SVG',
      async () => ({
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
        type: 'image/svg+xml',
      }),
      415,
      'This file is not a JPEG, PNG, WebP or AVIF picture.',
    ],
    [
      'a GIF named .png',
      async () => ({
        data: await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
          .gif()
          .toBuffer(),
        filename: 'a.png',
        type: 'image/png',
      }),
      415,
      'This file is not a JPEG, PNG, WebP or AVIF picture.',
    ],
  ]

  test.each(refusals)('%s', async (_name, make, status, message) => {
    const { owner, listingId } = await ownerWithListing()
    const { data, ...options } = await make()
    expectError(await uploadAs(t.app, owner, listingId, data, options), status, message)
    expect(await photosOf(owner, listingId)).toEqual([])
    expect(await coverOf(listingId)).toBeNull()
    expect(storedFiles(photosDir, listingId)).toEqual([])
  })

  test('the ninth photo', async () => {
    const { owner, listingId } = await ownerWithListing()
    for (let i = 0; i < PHOTO_LIMITS.perListing; i++) await added(owner, listingId, await png(40 + i, 40))
    const files = storedFiles(photosDir, listingId)
    expectError(
      await uploadAs(t.app, owner, listingId, await png(99, 40)),
      400,
      'A listing has at most 8 photos; delete one to add another.',
    )
    expect(await photosOf(owner, listingId)).toHaveLength(PHOTO_LIMITS.perListing)
    expect(storedFiles(photosDir, listingId)).toEqual(files)
  })

  test("someone else's listing, nobody's, a missing listing, a cross-site form", async () => {
    const { owner, listingId } = await ownerWithListing()
    const stranger = await signUp(t.app)
    const picture = await png()
    expectError(
      await uploadAs(t.app, stranger, listingId, picture),
      403,
      'You can only change the photos of your own listings.',
    )
    expectError(await uploadAs(t.app, null, listingId, picture), 401, 'Sign in to continue.')
    expectError(
      await uploadAs(t.app, owner, '00000000-0000-4000-8000-000000000000', picture),
      404,
      'Listing not found.',
    )
    // An HTML form on another site can post multipart/form-data: the browser's headers give it away.
    expectError(
      await uploadAs(t.app, owner, listingId, picture, { headers: { origin: 'https://evil.example' } }),
      403,
      /^Cross-site requests are not allowed\./,
    )
    expectError(
      await uploadAs(t.app, owner, listingId, picture, {
        headers: { origin: '', 'sec-fetch-site': 'cross-site' },
      }),
      403,
      'Cross-site requests are not allowed.',
    )
    const noOrigin = await t.app.inject({
      method: 'POST',
      url: `/api/roommate-listings/${listingId}/photos`,
      headers: { cookie: owner.cookie, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--',
    })
    expectError(noOrigin, 403, 'Cross-site requests are not allowed.')
    expect(await photosOf(owner, listingId)).toEqual([])
    expect(storedFiles(photosDir, listingId)).toEqual([])
  })

  test('a JSON body, a wrong field name and an empty form are 4xx', async () => {
    const { owner, listingId } = await ownerWithListing()
    const json = await injectAs(t.app, owner, {
      method: 'POST',
      url: `/api/roommate-listings/${listingId}/photos`,
      payload: { photo: 'data:image/png;base64,AAAA' },
    })
    expectError(json, 415, 'Send the photo as multipart/form-data.')
    expectError(
      await uploadAs(t.app, owner, listingId, await png(), { field: 'picture' }),
      400,
      'Send the picture in the form field "photo".',
    )
    const empty = await injectAs(t.app, owner, {
      method: 'POST',
      url: `/api/roommate-listings/${listingId}/photos`,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    })
    expect(empty.statusCode).toBe(400)
    expect(await photosOf(owner, listingId)).toEqual([])
  })
})

test('random bytes behind real picture headers, and broken multipart bodies: 4xx, never a 5xx', async () => {
  const { owner, listingId } = await ownerWithListing()
  const signatures = [
    [0xff, 0xd8, 0xff, 0xe0],
    [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
    [...Buffer.from('RIFF\0\0\0\0WEBPVP8 ')],
    [...Buffer.from('\0\0\0\x1cftypavif')],
  ]
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...signatures),
      fc.uint8Array({ maxLength: 3000 }),
      fc.boolean(),
      async (signature, rest, broken) => {
        const data = Buffer.concat([Buffer.from(signature), Buffer.from(rest)])
        const response = broken
          ? await injectAs(t.app, owner, {
              method: 'POST',
              url: `/api/roommate-listings/${listingId}/photos`,
              headers: { 'content-type': 'multipart/form-data; boundary=abc' },
              payload: Buffer.concat([
                Buffer.from('--abc\r\nContent-Disposition: form-data; name="photo"'),
                data,
              ]),
            })
          : await uploadAs(t.app, owner, listingId, data)
        expect(response.statusCode).toBeGreaterThanOrEqual(400)
        expect(response.statusCode).toBeLessThan(500)
        expect(response.json()).toEqual({ error: expect.any(String) })
      },
    ),
    { numRuns: 60 },
  )
  expect(await photosOf(owner, listingId)).toEqual([])
  expect(storedFiles(photosDir, listingId)).toEqual([])
})

describe('order and delete', () => {
  test('the owner reorders (the first is the cover); a wrong list or a stranger changes nothing', async () => {
    const { owner, listingId } = await ownerWithListing()
    const [a, b, c] = [
      await added(owner, listingId, await png(100, 100, '#ff0000')),
      await added(owner, listingId, await png(100, 100, '#00ff00')),
      await added(owner, listingId, await png(100, 100, '#0000ff')),
    ]
    const reorder = (user: TestUser, order: string[]) =>
      injectAs(t.app, user, {
        method: 'PUT',
        url: `/api/roommate-listings/${listingId}/photos`,
        payload: { order },
      })
    const moved = await reorder(owner, [c!.id, a!.id, b!.id])
    expect(moved.statusCode).toBe(200)
    expect(moved.json().photos.map((p: ListingPhoto) => p.id)).toEqual([c!.id, a!.id, b!.id])
    expect((await photosOf(owner, listingId)).map((p) => p.id)).toEqual([c!.id, a!.id, b!.id])
    expect((await coverOf(listingId)).url).toBe(c!.url)

    const message = "order must name each of the listing's photos exactly once."
    expectError(await reorder(owner, [a!.id, b!.id]), 400, message)
    expectError(await reorder(owner, [a!.id, a!.id, b!.id]), 400, message)
    expectError(await reorder(owner, [a!.id, b!.id, '00000000-0000-4000-8000-000000000000']), 400, message)
    const malformed = await reorder(owner, ['not-an-id'])
    expect([malformed.statusCode, malformed.json().error]).toEqual([400, 'Malformed photo id.'])
    const stranger = await signUp(t.app)
    expectError(
      await reorder(stranger, [a!.id, b!.id, c!.id]),
      403,
      'You can only change the photos of your own listings.',
    )
    expect((await photosOf(owner, listingId)).map((p) => p.id)).toEqual([c!.id, a!.id, b!.id])
  })

  test('deleting a photo deletes its files; a stranger cannot; an unknown photo is a 404', async () => {
    const { owner, listingId } = await ownerWithListing()
    const keep = await added(owner, listingId, await png(500, 300, '#123456'))
    const drop = await added(owner, listingId, await png(500, 300, '#654321'))
    const remove = (user: TestUser, photoId: string) =>
      injectAs(t.app, user, {
        method: 'DELETE',
        url: `/api/roommate-listings/${listingId}/photos/${photoId}`,
      })
    const stranger = await signUp(t.app)
    expectError(await remove(stranger, drop.id), 403, 'You can only change the photos of your own listings.')
    expect((await remove(owner, drop.id)).json()).toEqual({ message: 'Photo deleted successfully' })
    expectError(await remove(owner, drop.id), 404, 'Photo not found.')
    expect((await photosOf(owner, listingId)).map((p) => p.id)).toEqual([keep.id])
    expect((await fetchFile(drop.url)).statusCode).toBe(404)
    const files = storedFiles(photosDir, listingId)
    expect(files.every((name) => keep.url.includes(name.split('-')[0]!))).toBe(true)
    expect(files).toHaveLength(2)
  })

  test("deleting the listing deletes its photos' files", async () => {
    const { owner, listingId } = await ownerWithListing()
    const photo = await added(owner, listingId, await png())
    const response = await injectAs(t.app, owner, {
      method: 'DELETE',
      url: `/api/roommate-listings/${listingId}`,
    })
    expect(response.statusCode).toBe(200)
    expect(storedFiles(photosDir, listingId)).toEqual([])
    expect((await fetchFile(photo.url)).statusCode).toBe(404)
  })

  test("deleting one's account deletes the photos of one's listings", async () => {
    const { owner, listingId } = await ownerWithListing()
    await added(owner, listingId, await png())
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { origin: BASE_URL, cookie: owner.cookie },
      payload: { password: owner.password },
    })
    expect(response.statusCode).toBe(200)
    expect(storedFiles(photosDir, listingId)).toEqual([])
  })
})

describe('serving files', () => {
  test('only names the store writes; anything else is a 404', async () => {
    const { owner, listingId } = await ownerWithListing()
    const photo = await added(owner, listingId, await png())
    for (const url of [
      photo.url.replace(/[0-9a-f]{32}/, '0'.repeat(32)),
      `/photos/${listingId}/..%2F..%2Fauth-secret`,
      `/photos/${listingId}/x.webp`,
    ])
      expect((await fetchFile(url)).statusCode, url).toBeGreaterThanOrEqual(400)
    // A dot segment is resolved before routing, as a browser resolves it: the answer is the one for `/auth-secret`
    // (the web app's page for an unknown address, or its "not built" 503), never a file of DATA_DIR.
    const climbing = await fetchFile('/photos/../auth-secret')
    const direct = await fetchFile('/auth-secret')
    expect([climbing.statusCode, climbing.body]).toEqual([direct.statusCode, direct.body])
    expect(climbing.headers['content-type']).toMatch(/^text\//)
    const head = await t.app.inject({ method: 'HEAD', url: photo.url })
    expect(head.statusCode).toBe(200)
  })
})

describe('the sweep', () => {
  test('removes old files without a row and keeps files with one, and new ones', async () => {
    const { owner, listingId } = await ownerWithListing()
    const photo = await added(owner, listingId, await png())
    const dir = path.join(photosDir, listingId)
    const orphan = path.join(dir, `${'a'.repeat(32)}-400.webp`)
    const fresh = path.join(dir, `${'b'.repeat(32)}-400.webp`)
    writeFileSync(orphan, readFileSync(path.join(dir, storedFiles(photosDir, listingId)[0]!)))
    writeFileSync(fresh, 'x')
    const old = new Date(Date.now() - 60 * 60 * 1000)
    utimesSync(orphan, old, old)
    expect((await t.app.sweepPhotos()).removed).toBeGreaterThanOrEqual(1)
    const names = storedFiles(photosDir, listingId)
    expect(names).not.toContain(path.basename(orphan))
    expect(names).toContain(path.basename(fresh))
    expect((await fetchFile(photo.url)).statusCode).toBe(200)
  })
})

describe('the per-person upload limit', () => {
  const limitedDir = mkdtempSync(path.join(tmpdir(), 'nestmate-photos-'))
  afterAll(() => rmSync(limitedDir, { recursive: true, force: true }))
  const limited = useTestApp({ RATE_LIMITS: 'true', PHOTOS_DIR: limitedDir })

  test(`upload number ${PHOTO_LIMITS.uploadsPerHour + 1} within an hour answers 429, refused ones counted too`, async () => {
    const owner = await signUp(limited.app)
    const listingId = await createListing(limited.app, owner)
    const picture = await png(32, 32)
    const statuses: number[] = []
    for (let i = 0; i < PHOTO_LIMITS.uploadsPerHour + 1; i++)
      statuses.push((await uploadAs(limited.app, owner, listingId, picture)).statusCode)
    // The same picture again is the same photo (200); the limit counts every attempt.
    expect(statuses[0]).toBe(201)
    expect(new Set(statuses.slice(1, -1))).toEqual(new Set([200]))
    expect(statuses.at(-1)).toBe(429)
    // Someone else still uploads.
    const other = await signUp(limited.app)
    const theirs = await createListing(limited.app, other)
    expect((await uploadAs(limited.app, other, theirs, picture)).statusCode).toBe(201)
  })
})
