import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { z } from 'zod'
import { ListingSchema } from '../src/shared/listing.ts'
import { PHOTO_LIMITS, photoWidths } from '../src/shared/photos.ts'
import { sampleListing } from '../src/shared/sample-listing.ts'
import { openDatabase, type DatabaseHandle, type DatabaseTarget } from '../src/server/db/client.ts'
import type { EnvVariables } from '../src/server/env.ts'
import { PUSH_CONCURRENCY } from '../src/server/push/push-job.ts'
import { TEST_ENV } from '../src/server/test/app.ts'
import { startPushReceiver, type TestSubscription } from '../src/server/test/push-receiver.ts'
import { call, listingBody, signUp, type Person } from './client.ts'
import { startCluster } from './pg-cluster.ts'
import { childProcesses, endWithin, startServer } from './server.ts'

// kill -9 the server while clients write; restart it on the same data. Every write it acknowledged (201 with an
// insertedId, a 200 like) is there, the database opens, and nothing half-written shows.
// The per-person write limits are off (RATE_LIMITS=off): with them, six writers reach their hourly quota within
// the first round and every later round would only collect 429s, proving nothing about the crashes after it.
// `npm test` runs one round (CRASH_ROUNDS=1); `npm run test:reliability` runs three.
// Photo uploads run beside them, so a kill also lands while a photo is decoded, written or recorded: every
// acknowledged photo is there with all its files, every row's files are whole, and no served name holds half a
// file (files without a row may stay until the start-up sweep's grace period has passed; decision 026).

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3)
const WRITERS = 6

type Acked = { listings: Map<string, Person>; likes: Set<string>; photos: Map<string, string> }

/** A few different photo-sized JPEGs (gradients under grain), made once before the first round. */
const pictures = Promise.all(
  [0, 1, 2].map(async (seed) => {
    const width = 1200
    const height = 900
    const pixels = Buffer.alloc(width * height * 3)
    for (let i = 0; i < pixels.length; i++)
      pixels[i] = ((i % (width * 3)) / 12 + seed * 60 + (((i * 2654435761) >>> 28) & 7)) & 255
    return sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 85 })
      .toBuffer()
  }),
)

async function upload(baseUrl: string, person: Person, listingId: string, data: Buffer) {
  const form = new FormData()
  form.append('photo', new Blob([new Uint8Array(data)], { type: 'image/jpeg' }), 'room.jpg')
  const response = await fetch(`${baseUrl}/api/roommate-listings/${listingId}/photos`, {
    method: 'POST',
    headers: { origin: baseUrl, cookie: person.cookie },
    body: form,
    signal: AbortSignal.timeout(15_000),
  })
  return { status: response.status, body: (await response.json()) as { photo?: { id: string } } }
}
/** Answers other than the acknowledgements, by status: a round that collects only these proves nothing. */
type Refused = Record<string, number>

/** Writers create and like as fast as the server answers, until the server dies under them. */
async function writeUntilKilled(
  baseUrl: string,
  people: Person[],
  acked: Acked,
  killAfterMs: number,
  kill: () => void,
): Promise<Refused> {
  const images = await pictures
  const refused: Refused = {}
  const refuse = (method: string, status: number) => {
    const key = `${method} ${status}`
    refused[key] = (refused[key] ?? 0) + 1
  }
  let dead = false
  // The kill comes once the round has run killAfterMs and acknowledged a photo: under this load photos, which run
  // below the app's priority, take a while; a round that gets none in 20 s more is killed anyway (and fails).
  const started = Date.now()
  const photosBefore = acked.photos.size
  const timer = setInterval(() => {
    const elapsed = Date.now() - started
    if (elapsed < killAfterMs || (acked.photos.size === photosBefore && elapsed < killAfterMs + 20_000))
      return
    dead = true
    clearInterval(timer)
    kill()
  }, 25)
  const writer = async (index: number) => {
    const person = people[index % people.length]!
    while (!dead) {
      try {
        const created = await call(baseUrl, person, 'POST', '/api/roommate-listings', listingBody())
        if (created.status === 201)
          acked.listings.set((created.body as { insertedId: string }).insertedId, person)
        else refuse('POST', created.status)
        const others = [...acked.listings].filter(([, owner]) => owner !== person)
        const target = others[Math.floor(Math.random() * others.length)]
        if (target) {
          const liked = await call(baseUrl, person, 'PATCH', `/api/listings/${target[0]}/like`, {})
          if (liked.status === 200) acked.likes.add(`${target[0]} ${person.email}`)
          else refuse('PATCH', liked.status)
        }
      } catch {
        // The server died mid-request: that write was never acknowledged.
      }
    }
  }
  const photos = new Map<string, number>()
  const uploader = async (index: number) => {
    const person = people[index % people.length]!
    while (!dead) {
      const own = [...acked.listings].find(
        ([id, owner]) => owner === person && (photos.get(id) ?? 0) < PHOTO_LIMITS.perListing - 1,
      )
      if (!own) {
        await new Promise((resolve) => setTimeout(resolve, 20))
        continue
      }
      const [listingId] = own
      photos.set(listingId, (photos.get(listingId) ?? 0) + 1)
      try {
        const sent = await upload(baseUrl, person, listingId, images[photos.get(listingId)! % images.length]!)
        if (sent.status === 201 || sent.status === 200) acked.photos.set(sent.body.photo!.id, listingId)
        else refuse('POST photo', sent.status)
      } catch {
        // Killed mid-upload: never acknowledged.
      }
    }
  }
  await Promise.all([
    ...Array.from({ length: WRITERS }, (_, i) => writer(i)),
    ...[0, 1].map((i) => uploader(i)),
  ])
  clearInterval(timer)
  return refused
}

/** Decodes every pixel: a truncated or half-written file throws. */
const decodes = (file: string) => sharp(file, { failOn: 'truncated' }).raw().toBuffer()

async function expectConsistent(database: DatabaseHandle, acked: Acked, photosDir: string) {
  const select = async <T>(sql: string) =>
    ((await database.db.execute(sql as never)) as unknown as { rows: T[] }).rows
  // Photos: each acknowledged one has its row; each row has every size, whole; no served name is half a file.
  const photoRows = await select<{ id: string; listing_id: string; key: string; width: number }>(
    'select id, listing_id, key, width from listing_photo',
  )
  const rowIds = new Set(photoRows.map((row) => row.id))
  for (const [id] of acked.photos) expect(rowIds.has(id), `acknowledged photo ${id}`).toBe(true)
  for (const row of photoRows)
    for (const width of photoWidths(row.width))
      await decodes(path.join(photosDir, row.listing_id, `${row.key}-${width}.webp`))
  for (const dir of readdirSync(photosDir).filter((name) => name !== '.tmp'))
    for (const file of readdirSync(path.join(photosDir, dir))) await decodes(path.join(photosDir, dir, file))
  const ids = new Set((await select<{ id: string }>('select id from listing')).map((row) => row.id))
  for (const id of acked.listings.keys()) expect(ids.has(id), `acknowledged listing ${id}`).toBe(true)
  const likes = await select<{ listing_id: string; email: string }>(
    'select k.listing_id, u.email from listing_like k join "user" u on u.id = k.user_id',
  )
  const stored = new Set(likes.map((row) => `${row.listing_id} ${row.email}`))
  for (const like of acked.likes) expect(stored.has(like), `acknowledged like ${like}`).toBe(true)
  const mismatched = await select<{ id: string }>(
    'select l.id from listing l where l.likes <> (select count(*) from listing_like k where k.listing_id = l.id)',
  )
  expect(mismatched).toEqual([])
}

async function expectCompleteThroughApi(baseUrl: string, people: Person[]) {
  for (const person of people) {
    const mine = await call(baseUrl, person, 'GET', '/api/my-listings')
    expect(mine.status).toBe(200)
    // Every row complete: the answer schema accepts each one, and each has the fields a create writes.
    for (const listing of z.array(ListingSchema).parse(mine.body)) {
      expect(listing.title).toMatch(/^Room \d+ /)
      expect(listing.contact).toBe('https://facebook.com/nestmate.tester')
      expect(listing.number).toBe(sampleListing().number)
    }
  }
}

const EXPIRED_ROWS = 30_000
const select = async <T>(database: DatabaseHandle, sql: string) =>
  ((await database.db.execute(sql as never)) as unknown as { rows: T[] }).rows

/** Opens the database the server used (the server stopped), runs `work` and closes it. */
async function withDatabase<T>(target: DatabaseTarget, work: (database: DatabaseHandle) => Promise<T>) {
  const database = await openDatabase(target)
  try {
    return await work(database)
  } finally {
    await database.close()
  }
}

/** Expired sessions, reset tokens and day-old rate-limit counters: a long cleanup's worth. */
async function seedExpired(database: DatabaseHandle) {
  const [owner] = await select<{ id: string }>(database, 'select id from "user" limit 1')
  await database.execute(
    `insert into session (id, expires_at, token, user_id) select 'expired-' || i, now() - interval '1 minute',
       'expired-' || i, $1 from generate_series(1, ${EXPIRED_ROWS}) as i`,
    [owner!.id],
  )
  await database.execute(`insert into verification (id, identifier, value, expires_at)
    select 'expired-' || i, 'reset-password:expired-' || i, 'x', now() - interval '1 minute'
    from generate_series(1, ${EXPIRED_ROWS}) as i`)
  await database.execute(`insert into rate_limit (id, key, count, last_request)
    select 'expired-' || i, 'api:expired-' || i, 1, (extract(epoch from now()) * 1000)::bigint - 90000000
    from generate_series(1, ${EXPIRED_ROWS}) as i`)
}

const expiredLeft = async (database: DatabaseHandle) =>
  (
    await select<{ n: number }>(
      database,
      `select (select count(*) from session where id like 'expired-%') + (select count(*) from verification
         where id like 'expired-%') + (select count(*) from rate_limit where id like 'expired-%') as n`,
    )
  )[0]!.n

const PUSH_DEVICES = 3
const PUSH_EVENTS = 100
// Answered before the kill; then every sender waits on a push the service took in but never answered.
const PUSHES_ANSWERED = 100

/** Pushes waiting in the outbox: PUSH_EVENTS events to each of PUSH_DEVICES devices at the test's receiver. */
async function seedPushes(database: DatabaseHandle, devices: TestSubscription[]) {
  const [owner] = await select<{ id: string }>(database, 'select id from "user" limit 1')
  for (const device of devices)
    await database.execute(
      `with s as (insert into push_subscription (user_id, endpoint, p256dh, auth, kinds, device)
         values ($1, $2, $3, $4, '{messages}', 'Test') returning id)
       insert into push_outbox (subscription_id, event_key, title, body, url)
       select s.id, 'crash:' || i, 'Event ' || i, 'One line', '/' from s, generate_series(1, ${PUSH_EVENTS}) i`,
      [owner!.id, device.endpoint, device.keys.p256dh, device.keys.auth],
    )
}

/** Each event reached each device once as answered; a copy the kill left unanswered went again, its Topic alike. */
function expectPushedOnce(receiver: Awaited<ReturnType<typeof startPushReceiver>>) {
  const answered = receiver.received.map((push) => `${push.device} ${push.payload.tag}`)
  expect(new Set(answered).size, 'pushes answered twice').toBe(answered.length)
  expect(answered).toHaveLength(PUSH_DEVICES * PUSH_EVENTS)
  for (const copy of receiver.held) {
    const again = receiver.received.find(
      (push) => push.device === copy.device && push.payload.tag === copy.payload.tag,
    )
    expect(again?.headers.topic).toBe(copy.headers.topic)
  }
}

/**
 * kill -9 while the cleanup job runs and the push job waits on its push service: the next process retries those
 * very jobs (at once on the embedded database, after their expiry on PostgreSQL) and they complete: every expired
 * row is gone, and every push reached each device once, but for the ones the service never answered before the
 * kill, which go again under the same Topic (decision 099). PostgreSQL's push retry waits out the run's expiry
 * (two minutes): `npm test` (one round) checks there that the kill left exactly the unanswered pushes queued.
 */
async function killMidJob(env: Record<string, string>, target: DatabaseTarget) {
  const receiver = await startPushReceiver(TEST_ENV.VAPID_PUBLIC_KEY)
  const devices = Array.from({ length: PUSH_DEVICES }, () => receiver.device())
  await withDatabase(target, async (database) => {
    await seedExpired(database)
    await seedPushes(database, devices)
  })
  receiver.holdAfter(PUSHES_ANSWERED)
  const verbose = {
    ...env,
    LOG_LEVEL: 'info',
    NODE_ENV: 'test',
    PUSH_TEST_ENDPOINTS: 'true',
    VAPID_PUBLIC_KEY: TEST_ENV.VAPID_PUBLIC_KEY,
    VAPID_PRIVATE_KEY: TEST_ENV.VAPID_PRIVATE_KEY,
  }
  const killed = await startServer(verbose)
  await receiver.waitHeld(PUSH_CONCURRENCY, 60_000)
  await killed.line('"msg":"job cleanup started"')
  killed.child.kill('SIGKILL')
  expect(await killed.exited).toBeNull()
  const inFlight = await withDatabase(target, async (database) => {
    const [job] = await select<{ id: string }>(
      database,
      `select id from pgboss.job where name = 'cleanup' and state = 'active'`,
    )
    expect(Number(await expiredLeft(database))).toBeGreaterThan(0)
    // The answered pushes are settled; the unanswered ones and those not yet tried wait.
    const waiting = await select<{ n: number }>(database, 'select count(*)::int as n from push_outbox')
    expect(waiting).toEqual([{ n: PUSH_DEVICES * PUSH_EVENTS - receiver.received.length }])
    return job
  })
  expect(inFlight, 'a cleanup job in flight at the kill').toBeDefined()
  expect(receiver.received).toHaveLength(PUSHES_ANSWERED)
  receiver.holdAfter(Infinity)
  const started = Date.now()
  const next = await startServer({ ...verbose, PORT: String(killed.port) })
  await next.line(`"jobId":"${inFlight!.id}","attempt":2,"ms"`, 90_000)
  console.log(`the killed cleanup job completed ${Date.now() - started} ms after the restart began`)
  if (target.kind === 'pglite' || ROUNDS > 1) {
    await receiver.waitFor(PUSH_DEVICES * PUSH_EVENTS, 180_000)
    console.log(
      `${target.kind}: the killed push batch completed ${Date.now() - started} ms after the restart began`,
    )
    expectPushedOnce(receiver)
  }
  next.child.kill('SIGTERM')
  expect(await next.exited).toBe(0)
  await receiver.close()
  await withDatabase(target, async (database) => {
    expect(Number(await expiredLeft(database))).toBe(0)
    const [job] = await select<{ state: string; retry_count: number }>(
      database,
      `select state, retry_count from pgboss.job where id = '${inFlight!.id}'`,
    )
    expect(job).toEqual({ state: 'completed', retry_count: 1 })
  })
}

// The two databases' runs are independent (their own processes, data and ports) and run side by side: the
// PostgreSQL one spends half its time waiting for a killed job's expiry.
describe('kill -9 under writes', () => {
  test.concurrent.for(['pglite', 'postgres'] as const)(
    `on %s, ×${ROUNDS}: every acknowledged write survives, nothing half-written`,
    async (kind, { onTestFinished }) => {
      const dataDir = mkdtempSync(path.join(tmpdir(), `nestmate-crash-${kind}-`))
      onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }))
      const cluster = kind === 'postgres' ? await startCluster() : undefined
      if (cluster) onTestFinished(() => cluster.destroy())
      const env: EnvVariables = { DATA_DIR: dataDir, RATE_LIMITS: 'off' }
      if (cluster)
        Object.assign(env, {
          DATABASE_URL: cluster.url,
          AUTH_SECRET: 'nestmate-crash-secret-long-enough-0123456',
        })
      const acked: Acked = { listings: new Map(), likes: new Set(), photos: new Map() }
      let server = await startServer(env)
      const people = await Promise.all(Array.from({ length: 4 }, () => signUp(server.baseUrl)))
      // The uploaders' first listings, so their uploads start with the round rather than after a create.
      for (const person of people.slice(0, 2)) {
        const created = await call(server.baseUrl, person, 'POST', '/api/roommate-listings', listingBody())
        acked.listings.set((created.body as { insertedId: string }).insertedId, person)
      }

      let helpersKilled = 0
      for (let round = 0; round < ROUNDS; round++) {
        const listingsBefore = acked.listings.size
        const likesBefore = acked.likes.size
        const photosBefore = acked.photos.size
        let helpers: number[] = []
        const refused = await writeUntilKilled(server.baseUrl, people, acked, 1500 + round * 700, () => {
          helpers = childProcesses(server.child.pid!)
          server.child.kill('SIGKILL')
        })
        expect(await server.exited).toBeNull() // killed by a signal, no exit code
        // The photo process, if an upload started it, ends with the server: none is left behind.
        expect(await endWithin(helpers, 5000), `helper processes ${helpers.join(', ')} ended`).toBe(true)
        helpersKilled += helpers.length
        const written = `round ${round + 1}: ${acked.listings.size - listingsBefore} listings, ${
          acked.likes.size - likesBefore
        } likes and ${acked.photos.size - photosBefore} photos acknowledged, refused ${JSON.stringify(refused)}`
        // Every answer before the kill was an acknowledgement, and the round acknowledged writes of every kind.
        expect(refused, written).toEqual({})
        expect(acked.listings.size, written).toBeGreaterThan(listingsBefore)
        expect(acked.likes.size, written).toBeGreaterThan(likesBefore)
        expect(acked.photos.size, written).toBeGreaterThan(photosBefore)
        console.log(`${kind} ${written}`)
        // The same data, a new process: the stale lock and postmaster.pid of the killed one must not stop it.
        server = await startServer({ ...env, PORT: String(server.port) })
        await expectCompleteThroughApi(server.baseUrl, people)
      }

      // Uploads ran in every round, so the photo process was running at the kills.
      expect(helpersKilled).toBeGreaterThan(0)
      server.child.kill('SIGTERM')
      expect(await server.exited).toBe(0)
      const target: DatabaseTarget = cluster
        ? { kind: 'postgres', url: cluster.url }
        : { kind: 'pglite', dataDir }
      await killMidJob({ ...env, PORT: String(server.port) }, target)
      await withDatabase(target, (database) =>
        expectConsistent(database, acked, path.join(dataDir, 'photos')),
      )
      console.log(
        `${kind}: ${acked.listings.size} listings, ${acked.likes.size} likes and ${acked.photos.size} photos acknowledged, all present`,
      )
    },
  )
})
