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

export type RoomLayout = {
  wall: string
  floor: string
  accent: string
  bedX: number
  windowX: number
  plantX: number
}

export const ROOM: RoomLayout = {
  wall: '#f4e3c9',
  floor: '#b98b5e',
  accent: '#3f7d6e',
  bedX: 560,
  windowX: 140,
  plantX: 1285,
}

/**
 * A photo-like picture of a room (a JPEG): a wall, a floor, a window, a bed and a plant where the layout puts them,
 * under a light gradient and a grain of noise as a camera leaves. Rooms of one layout with things moved are
 * "different photos of similar rooms" for the copied-photo signal's tests.
 */
export async function roomPhoto(layout: Partial<RoomLayout> = {}, width = 800): Promise<Buffer> {
  const o = { ...ROOM, ...layout }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200">
  <defs>
    <linearGradient id="light" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity="0.25"/>
      <stop offset="1" stop-color="#fff" stop-opacity="0.1"/></linearGradient>
    <filter id="grain"><feTurbulence type="fractalNoise" baseFrequency="0.8" numOctaves="2" seed="${o.bedX}"/>
      <feColorMatrix type="saturate" values="0"/><feComponentTransfer><feFuncA type="linear" slope="0.12"/></feComponentTransfer></filter>
  </defs>
  <rect width="1600" height="1200" fill="${o.wall}"/>
  <rect y="860" width="1600" height="340" fill="${o.floor}"/>
  <rect x="${o.windowX}" y="200" width="340" height="420" fill="#9fd3f2" stroke="#fff" stroke-width="22"/>
  <rect x="${o.bedX}" y="700" width="560" height="180" rx="18" fill="${o.accent}"/>
  <rect x="${o.bedX + 20}" y="650" width="160" height="70" rx="20" fill="#fff"/>
  <circle cx="${o.plantX}" cy="760" r="90" fill="#4caf50"/>
  <rect width="1600" height="1200" fill="url(#light)"/>
  <rect width="1600" height="1200" filter="url(#grain)"/>
</svg>`
  return sharp(Buffer.from(svg)).resize(width).jpeg({ quality: 90 }).toBuffer()
}

/** What a copier does to a photo: saved again, resized, recoloured a little, trimmed at the edges. */
export const COPIES: Record<string, (photo: Buffer) => Promise<Buffer>> = {
  'WebP at quality 50': (photo) => sharp(photo).webp({ quality: 50 }).toBuffer(),
  'JPEG at quality 30': (photo) => sharp(photo).jpeg({ quality: 30 }).toBuffer(),
  'a third of the size': (photo) => sharp(photo).resize(300).jpeg({ quality: 70 }).toBuffer(),
  'twice the size, as PNG': (photo) => sharp(photo).resize(1600).png().toBuffer(),
  '10 % brighter': (photo) => sharp(photo).modulate({ brightness: 1.1 }).jpeg().toBuffer(),
  'hue turned 20°, more saturated': (photo) =>
    sharp(photo).modulate({ hue: 20, saturation: 1.2 }).jpeg().toBuffer(),
  'a warm tint': (photo) => sharp(photo).tint('#ffe0c0').jpeg().toBuffer(),
  'gamma 1.5': (photo) => sharp(photo).gamma(1.5).jpeg().toBuffer(),
  grey: (photo) => sharp(photo).greyscale().jpeg().toBuffer(),
  '25 % brighter': (photo) => sharp(photo).modulate({ brightness: 1.25 }).jpeg().toBuffer(),
  'JPEG at quality 10': (photo) => sharp(photo).jpeg({ quality: 10 }).toBuffer(),
  'a web address written over it': (photo) =>
    sharp(photo)
      .composite([
        {
          input:
            Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600"><text x="400" y="570"
            font-size="40" fill="#fff" text-anchor="middle" font-family="DejaVu Sans">www.cheap-rooms.example</text></svg>`),
        },
      ])
      .jpeg()
      .toBuffer(),
  '5 % cut from each edge': (photo) => trim(photo, 5),
  '1 % cut from each edge': (photo) => trim(photo, 1),
}

async function trim(photo: Buffer, percent: number) {
  const { width = 0, height = 0 } = await sharp(photo).metadata()
  const [dx, dy] = [Math.round((width * percent) / 100), Math.round((height * percent) / 100)]
  return sharp(photo)
    .extract({ left: dx, top: dy, width: width - 2 * dx, height: height - 2 * dy })
    .jpeg()
    .toBuffer()
}

/** Other photos of rooms like ROOM: the same kind of room, things elsewhere, another wall or bed colour. */
export const SIMILAR_ROOMS: Record<string, Partial<RoomLayout>> = {
  'the bed by the far wall': { bedX: 900 },
  'window and plant swapped sides': { windowX: 1100, plantX: 300 },
  'bed left, window centre': { bedX: 200, windowX: 800 },
  'a blue wall': { wall: '#dfe8f1', bedX: 700, windowX: 500 },
  'a red bed': { accent: '#c8553d', bedX: 620, windowX: 200, plantX: 1000 },
  'the plant moved': { plantX: 900 },
  'the bed and window nudged': { bedX: 500, windowX: 160 },
}
