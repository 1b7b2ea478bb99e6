import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'

// Renders the app's icons (public/icons/, committed) from the logo: `npx tsx scripts/make-icons.ts` after the logo
// changes. The maskable icon fills its square with the logo's blue and keeps the logo inside the middle 80 % circle
// that every platform's mask leaves visible.
const publicDir = path.resolve('public')
const logo = readFileSync(path.join(publicDir, 'logo.svg'))
const BRAND_BLUE = '#2f5bd3'

async function plain(size: number) {
  await sharp(logo, { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, 'icons', `icon-${size}.png`))
}

async function maskable(size: number) {
  const inner = Math.round(size * 0.6)
  const mark = await sharp(logo, { density: (72 * inner) / 64 })
    .resize(inner, inner)
    .png()
    .toBuffer()
  await sharp({ create: { width: size, height: size, channels: 4, background: BRAND_BLUE } })
    .composite([{ input: mark, gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toFile(path.join(publicDir, 'icons', `maskable-${size}.png`))
}

await Promise.all([plain(192), plain(512), maskable(512)])
console.log('icons written to public/icons/')
