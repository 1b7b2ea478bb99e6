import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import sharp from 'sharp'
import { sampleListing } from '../src/shared/sample-listing.ts'
import { openDatabase } from '../src/server/db/client.ts'
import { listing } from '../src/server/db/schema/index.ts'
import { addIllustrations } from '../src/server/photos/demo-photos.ts'
import { createPhotoStore } from '../src/server/photos/photo-store.ts'
import { processPhoto } from '../src/server/photos/process-photo.ts'
import type { Endpoint } from './endpoints.ts'
import { lighthouse } from './lighthouse.ts'
import { steadyLatency } from './load.ts'
import { startNestmate } from './processes.ts'
import { seed } from './seed.ts'
import { signUp } from './sessions.ts'

// npm run bench:photos [-- <listings> <seconds> <rate>]: what listing photos cost (docs/benchmarks.md, Photos).
// 1. Processing a 12-megapixel JPEG (decode, turn, 3 WebP sizes, placeholder), in this process, 5 times.
// 2. Browse's first page at a steady rate on the embedded database (or PostgreSQL), alone, then while two clients upload that
//    JPEG back to back: its p99 tells whether photo processing stalls other requests.
// 3. With a build in dist/web: Lighthouse (mobile) on /browse-listing, every card of the first page with a photo.
const [listings = 1000, seconds = 10, rate = 100] = process.argv.slice(2).map(Number)
const tmp = mkdtempSync(path.join(os.tmpdir(), 'nestmate-bench-photos-'))
const ms = (value: number) => Math.round(value)

/** A camera-like 4000 × 3000 JPEG: gradients under fine noise, about 4–5 MB. */
async function twelveMegapixels(): Promise<Buffer> {
  const width = 4000
  const height = 3000
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3
      const grain = ((i * 2654435761) >>> 27) - 16
      pixels[i] = Math.max(0, Math.min(255, (x * 255) / width + grain))
      pixels[i + 1] = Math.max(0, Math.min(255, (y * 255) / height + grain))
      pixels[i + 2] = Math.max(0, Math.min(255, 128 + grain))
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

const photo = await twelveMegapixels()
const times: number[] = []
for (let i = 0; i < 5; i++) {
  const started = performance.now()
  await processPhoto(photo)
  times.push(performance.now() - started)
}
times.sort((a, b) => a - b)
console.log(
  `processing a 12 MP JPEG (${(photo.length / 1e6).toFixed(1)} MB): median ${ms(times[2]!)} ms, max ${ms(times[4]!)} ms`,
)

// The embedded database, or PostgreSQL when a URL is given (`bash scripts/with-postgres.sh npm run bench:photos`).
const dataDir = path.join(tmp, 'pglite')
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL
const target = postgresUrl
  ? { kind: 'postgres' as const, url: postgresUrl }
  : { kind: 'pglite' as const, dataDir }
// The server (it inherits this environment) and the illustrations below share one photos folder.
process.env.PHOTOS_DIR = path.join(tmp, 'photos')
await seed(target, listings)
// Browse's first page (cheapest rent first) with photos on every card, as the demo listings have them.
{
  const database = await openDatabase(target)
  const store = createPhotoStore(process.env.PHOTOS_DIR)
  await store.init()
  const firstPage = await database.db
    .select({ id: listing.id })
    .from(listing)
    .orderBy(listing.rent, listing.id)
    .limit(24)
  await addIllustrations(
    database.db,
    store,
    firstPage.map((row) => row.id),
  )
  await database.close()
}
const port = await new Promise<number>((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address() as { port: number }
    probe.close(() => resolve(free))
  })
})
const server = await startNestmate(
  postgresUrl ? { url: postgresUrl } : { dataDir },
  port,
  path.join(tmp, 'server.log'),
  'warn',
)
try {
  const [cookie] = await signUp(server.url, 1)
  const headers = { origin: server.url, cookie: cookie! }
  const created = await fetch(`${server.url}/api/roommate-listings`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(sampleListing()),
  })
  const { insertedId } = (await created.json()) as { insertedId: string }
  const browse: Endpoint = {
    name: 'browse: first page',
    method: 'GET',
    paths: ['/api/roommate-listings'],
    signedIn: false,
    read: true,
  }
  await steadyLatency(server.url, browse, [], 2, rate) // warm-up, not counted
  const alone = await steadyLatency(server.url, browse, [], seconds, rate)

  // Two clients upload back to back from a thread of their own: their buffers and collections stay out of the
  // thread that measures browse.
  const uploads = new Worker(
    `const { parentPort, workerData: { url, listingId, headers, photo } } = require('node:worker_threads')
    let running = true
    const times = []
    parentPort.on('message', () => (running = false))
    const uploader = async () => {
      while (running) {
        const form = new FormData()
        form.append('photo', new Blob([photo], { type: 'image/jpeg' }), 'room.jpg')
        const started = performance.now()
        const response = await fetch(url + '/api/roommate-listings/' + listingId + '/photos', { method: 'POST', headers, body: form })
        const answer = await response.json()
        if (!answer.photo) throw new Error('upload failed: ' + response.status + ' ' + answer.error)
        times.push(performance.now() - started)
        // The same picture again would be the same photo: delete it, so every upload is processed.
        await fetch(url + '/api/roommate-listings/' + listingId + '/photos/' + answer.photo.id, { method: 'DELETE', headers })
      }
    }
    Promise.all([uploader(), uploader()]).then(() => parentPort.postMessage(times))`,
    {
      eval: true,
      workerData: { url: server.url, listingId: insertedId, headers, photo: new Uint8Array(photo) },
    },
  )
  const uploadsEnded = new Promise<number[]>((resolve, reject) => {
    uploads.once('message', resolve)
    uploads.once('error', reject)
  })
  const during = await steadyLatency(server.url, browse, [], seconds, rate)
  uploads.postMessage('stop')
  const uploadTimes = await uploadsEnded
  await uploads.terminate()
  uploadTimes.sort((a, b) => a - b)
  if (existsSync('dist/web/index.html')) {
    const scores = []
    for (let i = 0; i < 3; i++) scores.push(await lighthouse(server.url, '/browse-listing'))
    scores.sort((a, b) => a.performance - b.performance)
    const median = scores[1]!
    console.log(
      `Lighthouse /browse-listing with photos (median of 3: ${scores.map((s) => s.performance).join(', ')}): ` +
        `performance ${median.performance}, FCP ${Math.round(median.fcpMs)} ms, LCP ${Math.round(median.lcpMs)} ms, CLS ${median.cls}, TBT ${Math.round(median.tbtMs)} ms; largest paint: ${median.lcpElement ?? 'unknown'}`,
    )
  } else console.log('no build in dist/web: Lighthouse skipped (npm run build first)')
  console.log(
    `browse first page at ${rate}/s, ${listings} listings, ${postgresUrl ? 'PostgreSQL' : 'embedded database'}:`,
  )
  console.log(`  alone:               p50 ${alone.p50} ms, p99 ${alone.p99} ms, failed ${alone.failed}`)
  console.log(`  during 2 uploaders:  p50 ${during.p50} ms, p99 ${during.p99} ms, failed ${during.failed}`)
  console.log(
    `  uploads: ${uploadTimes.length} in ${seconds} s, median ${ms(uploadTimes[uploadTimes.length >> 1] ?? NaN)} ms each (queue included)`,
  )
} finally {
  await server.stop()
  rmSync(tmp, { recursive: true, force: true })
}
