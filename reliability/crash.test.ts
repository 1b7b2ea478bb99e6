import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { ListingSchema } from '../src/shared/listing.ts'
import { sampleListing } from '../src/shared/sample-listing.ts'
import { openDatabase, type DatabaseHandle } from '../src/server/db/client.ts'
import { call, listingBody, signUp, type Person } from './client.ts'
import { startCluster, type PgCluster } from './pg-cluster.ts'
import { startServer } from './server.ts'

// kill -9 the server while clients write; restart it on the same data. Every write it acknowledged (201 with an
// insertedId, a 200 like) is there, the database opens, and nothing half-written shows.
// The per-person write limits are off (RATE_LIMITS=off): with them, six writers reach their hourly quota within
// the first round and every later round would only collect 429s, proving nothing about the crashes after it.
// `npm test` runs one round (CRASH_ROUNDS=1); `npm run test:reliability` runs three.

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 3)
const WRITERS = 6

type Acked = { listings: Map<string, Person>; likes: Set<string> }
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
  const refused: Refused = {}
  const refuse = (method: string, status: number) => {
    const key = `${method} ${status}`
    refused[key] = (refused[key] ?? 0) + 1
  }
  let dead = false
  const timer = setTimeout(() => {
    dead = true
    kill()
  }, killAfterMs)
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
  await Promise.all(Array.from({ length: WRITERS }, (_, i) => writer(i)))
  clearTimeout(timer)
  return refused
}

async function expectConsistent(database: DatabaseHandle, acked: Acked) {
  const select = async <T>(sql: string) =>
    ((await database.db.execute(sql as never)) as unknown as { rows: T[] }).rows
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

describe.each(['pglite', 'postgres'] as const)('kill -9 under writes on %s', (kind) => {
  const dataDir = mkdtempSync(path.join(tmpdir(), `nestmate-crash-${kind}-`))
  let cluster: PgCluster | undefined
  afterAll(() => {
    cluster?.destroy()
    rmSync(dataDir, { recursive: true, force: true })
  })

  test(`kill -9 ×${ROUNDS}: every acknowledged write survives, nothing half-written`, async () => {
    cluster = kind === 'postgres' ? await startCluster() : undefined
    const env: Record<string, string> = { DATA_DIR: dataDir, RATE_LIMITS: 'off' }
    if (cluster)
      Object.assign(env, {
        DATABASE_URL: cluster.url,
        AUTH_SECRET: 'nestmate-crash-secret-long-enough-0123456',
      })
    const acked: Acked = { listings: new Map(), likes: new Set() }
    let server = await startServer(env)
    const people = await Promise.all(Array.from({ length: 4 }, () => signUp(server.baseUrl)))

    for (let round = 0; round < ROUNDS; round++) {
      const listingsBefore = acked.listings.size
      const likesBefore = acked.likes.size
      const refused = await writeUntilKilled(server.baseUrl, people, acked, 1500 + round * 700, () =>
        server.child.kill('SIGKILL'),
      )
      expect(await server.exited).toBeNull() // killed by a signal, no exit code
      const written = `round ${round + 1}: ${acked.listings.size - listingsBefore} listings and ${
        acked.likes.size - likesBefore
      } likes acknowledged, refused ${JSON.stringify(refused)}`
      // Every answer before the kill was an acknowledgement, and the round acknowledged writes of both kinds.
      expect(refused, written).toEqual({})
      expect(acked.listings.size, written).toBeGreaterThan(listingsBefore)
      expect(acked.likes.size, written).toBeGreaterThan(likesBefore)
      console.log(`${kind} ${written}`)
      // The same data, a new process: the stale lock and postmaster.pid of the killed one must not stop it.
      server = await startServer({ ...env, PORT: String(server.port) })
      await expectCompleteThroughApi(server.baseUrl, people)
    }

    server.child.kill('SIGTERM')
    expect(await server.exited).toBe(0)
    const database = await openDatabase(
      cluster ? { kind: 'postgres', url: cluster.url } : { kind: 'pglite', dataDir },
    )
    try {
      await expectConsistent(database, acked)
    } finally {
      await database.close()
    }
    console.log(
      `${kind}: ${acked.listings.size} listings and ${acked.likes.size} likes acknowledged, all present`,
    )
  })
})
