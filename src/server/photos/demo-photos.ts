import { eq, inArray } from 'drizzle-orm'
import sharp from 'sharp'
import type { Database } from '../db/client.ts'
import { listing, listingPhoto, user } from '../db/schema/index.ts'
import type { PhotoStore } from './photo-store.ts'
import { processPhoto, type ProcessedPhoto } from './process-photo.ts'

// Demo listings' pictures, drawn here at seed time (nothing is downloaded): flat, clearly illustrative rooms,
// each marked "Illustration" so nobody mistakes one for a real room.

const PALETTES = [
  { wall: '#f4e3c9', floor: '#b98b5e', accent: '#3f7d6e', sky: '#9fd3f2' },
  { wall: '#dfe8f1', floor: '#8c6b4f', accent: '#c8553d', sky: '#f7c59f' },
  { wall: '#e9e4f5', floor: '#a07855', accent: '#5b5f97', sky: '#b8e1dd' },
  { wall: '#f1ece1', floor: '#6f5a45', accent: '#d9a441', sky: '#a7c7e7' },
  { wall: '#e2f0e6', floor: '#9a7b5b', accent: '#2f6690', sky: '#ffd6a5' },
  { wall: '#fbe7e3', floor: '#7d5e48', accent: '#4d7c0f', sky: '#c6def1' },
]

export function roomSvg(index: number): string {
  const p = PALETTES[index % PALETTES.length]!
  const mirrored = index % 2 === 1
  const furniture =
    index % 3 === 0
      ? // a bed with a pillow and a blanket
        `<rect x="560" y="600" width="520" height="150" rx="18" fill="${p.accent}"/>
         <rect x="580" y="560" width="150" height="60" rx="20" fill="#ffffff"/>
         <rect x="540" y="520" width="40" height="250" rx="8" fill="#5a4632"/>`
      : index % 3 === 1
        ? // a desk, a chair and a lamp
          `<rect x="600" y="560" width="420" height="28" fill="#5a4632"/>
           <rect x="620" y="588" width="20" height="170" fill="#5a4632"/><rect x="980" y="588" width="20" height="170" fill="#5a4632"/>
           <rect x="700" y="470" width="150" height="90" rx="6" fill="#263238"/>
           <rect x="880" y="430" width="12" height="130" fill="#37474f"/><circle cx="886" cy="420" r="34" fill="${p.accent}"/>`
        : // a sofa and a rug
          `<ellipse cx="800" cy="800" rx="330" ry="60" fill="${p.accent}" opacity="0.45"/>
           <rect x="560" y="560" width="480" height="170" rx="40" fill="${p.accent}"/>
           <rect x="600" y="520" width="400" height="90" rx="30" fill="${p.accent}" opacity="0.8"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1200" viewBox="0 0 1600 1200">
  <rect width="1600" height="1200" fill="${p.wall}"/>
  <rect y="880" width="1600" height="320" fill="${p.floor}"/>
  <g transform="${mirrored ? 'translate(1600 0) scale(-1 1)' : ''}">
    <rect x="140" y="200" width="340" height="420" fill="${p.sky}" stroke="#ffffff" stroke-width="22"/>
    <line x1="310" y1="200" x2="310" y2="620" stroke="#ffffff" stroke-width="14"/>
    <line x1="140" y1="410" x2="480" y2="410" stroke="#ffffff" stroke-width="14"/>
    <rect x="1240" y="720" width="90" height="160" rx="12" fill="#8d6e63"/>
    <circle cx="1285" cy="660" r="90" fill="#4caf50"/>
    <g transform="translate(0 120)">${furniture}</g>
  </g>
  <rect x="0" y="1090" width="1600" height="110" fill="#000000" opacity="0.55"/>
  <text x="800" y="1162" font-family="DejaVu Sans, Arial, sans-serif" font-size="56" fill="#ffffff"
    text-anchor="middle">Illustration: demo listing, not a real room</text>
</svg>`
}

/** The demo pictures, drawn and processed once (each listing then gets its own copies of the files). */
async function demoPictures(count: number): Promise<ProcessedPhoto[]> {
  const pictures: ProcessedPhoto[] = []
  for (let i = 0; i < count; i++) {
    const png = await sharp(Buffer.from(roomSvg(i)))
      .png()
      .toBuffer()
    pictures.push(await processPhoto(png))
  }
  return pictures
}

/** Gives most demo listings without photos two or three illustrations; answers how many photos it added. */
export async function insertDemoPhotos(
  db: Database,
  store: PhotoStore,
  demoEmails: string[],
): Promise<number> {
  const listings = await db
    .select({ id: listing.id })
    .from(listing)
    .innerJoin(user, eq(listing.ownerId, user.id))
    .where(inArray(user.email, demoEmails))
    .orderBy(listing.createdAt)
  const existing = new Set(
    (await db.selectDistinct({ id: listingPhoto.listingId }).from(listingPhoto)).map((row) => row.id),
  )
  // Now and then a listing without photos, as on the real site.
  const chosen = listings.filter(({ id }, i) => !existing.has(id) && i % 7 !== 6).map(({ id }) => id)
  return addIllustrations(db, store, chosen)
}

/** Two or three illustrations on each of these listings (the benchmark uses it on seeded listings too). */
export async function addIllustrations(
  db: Database,
  store: PhotoStore,
  listingIds: string[],
): Promise<number> {
  const pictures = await demoPictures(PALETTES.length)
  let added = 0
  for (const [i, id] of listingIds.entries()) {
    const chosen = Array.from({ length: 2 + (i % 2) }, (_, k) => pictures[(i + k * 2) % pictures.length]!)
    for (const photo of chosen) await store.write(id, photo)
    await db.insert(listingPhoto).values(
      chosen.map((photo, position) => ({
        listingId: id,
        key: photo.key,
        width: photo.width,
        height: photo.height,
        placeholder: photo.placeholder,
        position,
      })),
    )
    added += chosen.length
  }
  return added
}
