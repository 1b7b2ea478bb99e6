import { createHash } from 'node:crypto'
import sharp, { type Metadata, type Sharp } from 'sharp'
import { rgbaToThumbHash } from 'thumbhash'
import { PHOTO_LIMITS, photoHeightAt, photoWidths } from '#shared/photos.ts'
import { HttpError } from '../plugins/errors.ts'
import { perceptualHash } from './photo-hash.ts'

/**
 * A photo ready to store: one WebP per width, its size, its placeholder, the name its files share, and its
 * perceptual hash (photo-hash.ts: what the copied-photo signal compares).
 */
export type ProcessedPhoto = {
  key: string
  width: number
  height: number
  placeholder: string
  hash: string
  files: { width: number; data: Buffer }[]
}

// A photo takes one libvips thread, never both cores; libvips' operation cache keeps decoded pixels of recent
// inputs, and uploads are never the same twice. (The photo process, photo-child.ts, runs below the app's priority.)
sharp.concurrency(1)
sharp.cache(false)

// What sharp reads an upload as, by its bytes. AVIF is a HEIF file compressed with AV1; a HEIF of any other
// compression (HEVC, an iPhone's own format) has no decoder here.
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'heif'])
const WEBP_QUALITY = 78
const PLACEHOLDER_SIDE = 100

const NOT_A_PICTURE = 'This file is not a JPEG, PNG, WebP or AVIF picture.'
const DAMAGED = 'This picture is damaged or incomplete; try exporting it again.'
const { maxPixels, maxSide, maxAspectRatio } = PHOTO_LIMITS
const TOO_MANY_PIXELS = `This picture has more than ${maxPixels / 1e6} megapixels.`
const TOO_LONG_A_SIDE = `A picture can be at most ${maxSide.toLocaleString('en')} pixels wide and high.`
const STRIP = `A picture can be at most ${maxAspectRatio} times as wide as it is high, or as high as it is wide; crop it and try again.`
export const TOO_SLOW = 'This picture took too long to process; try a smaller one.'

// Untrusted input: libvips refuses more pixels than the limit too, and fails on errors in the pixel data,
// truncation included, not only on unreadable headers.
const input = (data: Buffer) =>
  sharp(data, { limitInputPixels: maxPixels, failOn: 'error', autoOrient: true })

/**
 * What the header says, checked before a single pixel is decoded (a 75 kB PNG can claim 1 × 39,000,000 pixels,
 * and a decoder spends time on every row it claims): the pixel count, each side against what a WebP file can hold,
 * and the shape. Throws the HttpError a client gets.
 */
function checkHeader({ width = 0, height = 0 }: Metadata) {
  if (width * height > maxPixels) throw new HttpError(413, TOO_MANY_PIXELS)
  if (width === 0 || height === 0) throw new HttpError(400, DAMAGED)
  if (width > maxSide || height > maxSide) throw new HttpError(413, TOO_LONG_A_SIDE)
  if (Math.max(width, height) > maxAspectRatio * Math.min(width, height)) throw new HttpError(400, STRIP)
}

/**
 * A photo may take `budgetMs` from its first decode to its last encode: each sharp pipeline is given what is left
 * (whole seconds, libvips' own clock), and libvips stops one that overruns at its next step.
 */
function budget(budgetMs: number | undefined) {
  const deadline = budgetMs === undefined ? undefined : performance.now() + budgetMs
  return (image: Sharp) =>
    deadline === undefined
      ? image
      : image.timeout({ seconds: Math.max(1, Math.ceil((deadline - performance.now()) / 1000)) })
}

export type ProcessOptions = {
  /**
   * How long the photo may take, in milliseconds (none: as long as it needs). Past it the photo is refused (413):
   * the answer comes at once, and libvips stops the work within a second.
   */
  budgetMs?: number
}

/**
 * Reads an upload by its content, turns it the right way up, drops every piece of metadata (EXIF with its GPS
 * position, XMP, IPTC, ICC: sharp writes none unless asked, and converts to sRGB) and encodes it as WebP at each
 * stored width. The original bytes are used here and never kept. Throws an HttpError a client can act on.
 */
export async function processPhoto(data: Buffer, { budgetMs }: ProcessOptions = {}): Promise<ProcessedPhoto> {
  const work = processWithin(data, budget(budgetMs))
  if (budgetMs === undefined) return work
  // Over budget, the answer doesn't wait for libvips to notice; what it was doing ends with its own timeout.
  work.catch(() => {})
  let timer: NodeJS.Timeout | undefined
  const overrun = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(413, TOO_SLOW)), budgetMs)
  })
  try {
    return await Promise.race([work, overrun])
  } finally {
    clearTimeout(timer)
  }
}

async function processWithin(data: Buffer, timed: (image: Sharp) => Sharp): Promise<ProcessedPhoto> {
  let metadata: Metadata
  try {
    metadata = await sharp(data, { limitInputPixels: false }).metadata()
  } catch {
    throw new HttpError(415, NOT_A_PICTURE)
  }
  if (!ACCEPTED.has(metadata.format) || (metadata.format === 'heif' && metadata.compression !== 'av1'))
    throw new HttpError(415, NOT_A_PICTURE)
  checkHeader(metadata)

  const { width: fullWidth, height: fullHeight } = metadata.autoOrient
  const width = Math.min(fullWidth, Math.max(...photoWidths(fullWidth)))
  const height = photoHeightAt(width, fullWidth, fullHeight)
  try {
    // One decode (a JPEG decodes straight at the scale it needs), then every size from that: the largest one's
    // pixels, kept raw in memory for a moment.
    const { data: pixelData, info } = await timed(input(data))
      // Exact sizes (`fill` differs from the aspect ratio by under a pixel), so a URL's size is known from the
      // row without reading the file.
      .resize(width, height, { fit: 'fill' })
      // 8 bits a channel whatever the input (a 16-bit PNG), as the raw reader below expects.
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true })
    const raw = () =>
      timed(sharp(pixelData, { raw: { width: info.width, height: info.height, channels: info.channels } }))
    const files = await Promise.all(
      photoWidths(width).map(async (size) => ({
        width: size,
        data: await raw()
          .resize(size, photoHeightAt(size, width, height), { fit: 'fill' })
          .webp({ quality: WEBP_QUALITY, effort: 3 })
          .toBuffer(),
      })),
    )
    const placeholder = await thumbhash(raw())
    const perceptual = await perceptualHash(raw())
    const hash = createHash('sha256')
    for (const file of files) hash.update(file.data)
    return { key: hash.digest('hex').slice(0, 32), width, height, placeholder, hash: perceptual, files }
  } catch (error) {
    if (error instanceof HttpError) throw error
    // libvips stopped the photo at its budget ("timeout: 58% complete").
    if (error instanceof Error && /^timeout:/m.test(error.message)) throw new HttpError(413, TOO_SLOW)
    throw new HttpError(400, DAMAGED)
  }
}

/** A thumbhash (~25 bytes, base64) of the picture: the blurred version shown while the photo loads. */
async function thumbhash(picture: Sharp): Promise<string> {
  const { data: rgba, info } = await picture
    .resize(PLACEHOLDER_SIDE, PLACEHOLDER_SIDE, { fit: 'inside' })
    // Thumbhash reads RGBA: a grey picture gets its three channels, an opaque one its alpha.
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true })
  return Buffer.from(rgbaToThumbHash(info.width, info.height, rgba)).toString('base64')
}
