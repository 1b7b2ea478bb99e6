import zlib from 'node:zlib'
import sharp from 'sharp'

// Real pictures for the photo tests, made with sharp (nothing checked in).

/** A JPEG whose pixels are stored sideways with EXIF orientation 6 (turn 90° clockwise), and a GPS position. */
export async function phoneJpeg(width = 1200, height = 800): Promise<Buffer> {
  // Left half red, right half blue, as stored; shown upright, red is on top.
  const left = await sharp({ create: { width: width / 2, height, channels: 3, background: '#d00000' } })
    .png()
    .toBuffer()
  return sharp({ create: { width, height, channels: 3, background: '#0000d0' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality: 85 })
    .withMetadata({ orientation: 6 })
    .withExif({
      IFD0: { Make: 'NestmatePhone', Model: 'Test 1', Copyright: 'Secret Owner' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 1234/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 3900/100',
      },
    })
    .toBuffer()
}

export async function png(width = 640, height = 480, background = '#3f7d6e'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background } })
    .png()
    .withExif({ IFD0: { Copyright: 'Secret Owner' } })
    .toBuffer()
}

export async function webp(width = 500, height = 500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c8553d' } })
    .webp()
    .toBuffer()
}

export async function avif(width = 300, height = 200): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#5b5f97' } })
    .avif({ effort: 0 })
    .toBuffer()
}

/** A PNG chunk: length, type, data and CRC. */
function pngChunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(zlib.crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A valid PNG written by hand: its header, then `rows` (each led by its filter byte) compressed. */
function pngOf(width: number, height: number, bitDepthAndColour: [number, number], rows: Buffer): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.set([...bitDepthAndColour, 0, 0, 0], 8) // deflate, no filter, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', zlib.deflateSync(rows)),
    pngChunk('IEND', Buffer.alloc(0)),
  ])
}

/**
 * A black picture of any size, 1 bit a pixel, that compresses to almost nothing: a valid 20,000 × 20,000 PNG (a
 * decompression bomb, 400 megapixels) is about 50 kB, and 1 × 39,000,000 about 75 kB. Written by hand, so the test
 * never holds the pixels.
 */
export function bitmapPng(width: number, height: number): Buffer {
  const rows = Buffer.alloc((1 + Math.ceil(width / 8)) * height) // each row: filter 0, then zero bits
  return pngOf(width, height, [1, 0], rows)
}

export const pngBomb = (side = 20_000) => bitmapPng(side, side)

/**
 * A picture every header check lets through that still takes seconds to encode: 8-bit colour noise in 64-pixel
 * tiles (so the file stays small), which WebP can't compress cheaply.
 */
export function noisyPng(width: number, height: number): Buffer {
  const TILE = 64
  const rowBytes = 1 + width * 3
  const patterns = Array.from({ length: TILE }, (_, row) => {
    const bytes = Buffer.alloc(rowBytes)
    for (let i = 1; i < rowBytes; i++) bytes[i] = ((((i - 1) % (TILE * 3)) + row * 7919) * 2654435761) >>> 24
    return bytes
  })
  const rows = Buffer.alloc(rowBytes * height)
  for (let y = 0; y < height; y++) patterns[y % TILE]!.copy(rows, y * rowBytes)
  return pngOf(width, height, [8, 2], rows)
}

/** A picture cut off halfway, as an interrupted copy leaves it. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#888888' } })
    .composite([{ input: await noise(800, 600), left: 0, top: 0 }])
    .jpeg()
    .toBuffer()
  return whole.subarray(0, Math.floor(whole.length / 2))
}

async function noise(width: number, height: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .png()
    .toBuffer()
}

export const SCRIPT = Buffer.from('#!/bin/sh\necho "not a picture"\n<script>alert(1)</script>\n')

/** A multipart/form-data body with one file, as a browser's FormData sends it. */
export function multipart(
  data: Buffer,
  { field = 'photo', filename = 'room.jpg', type = 'image/jpeg' } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----nestmate${Math.random().toString(16).slice(2)}`
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}
