import { describe, expect, it } from 'vitest'
import { BASE_URL, createTestApp, useForFile } from '../src/server/test/app.ts'
import { endpoints, type Endpoint } from './endpoints.ts'
import { referenceAnswer } from './reference-routes.ts'
import type { Queryable } from './reference-sql.ts'
import { describeInbox, inboxEndpoints, liveSeedStatements } from './live-seed.ts'
import { describeSeed, seedStatements } from './seed.ts'
import { postOwnListings, signUp } from './sessions.ts'

// A ratio to reference 1 means something only if it answers what Nestmate answers. Both answer every request the
// benchmark sends (bench/endpoints.ts, so a new endpoint is checked as soon as it is measured) on the same seeded
// data: the reads must be equal (status, body, paging headers), the writes of the same shape (their ids differ).

const LISTINGS = 120
const PAGING_HEADERS = ['x-total-count', 'link', 'x-living-profile', 'x-did-you-mean']

const bench = useForFile(async () => {
  const test = await createTestApp()
  for (const statement of seedStatements(LISTINGS)) await test.database.execute(statement)
  const seed = await describeSeed(
    async (text) => ({ rows: (await test.database.execute(text)).rows as never }),
    LISTINGS,
  )
  const baseUrl = await test.app.listen({ port: 0, host: '127.0.0.1' })
  const cookies = await signUp(baseUrl, 2, BASE_URL)
  seed.ownListingIds = await postOwnListings(baseUrl, cookies, seed.nearPlace, BASE_URL)
  // One listing the first person liked, so an answer with the poster's contacts is compared too.
  const liked = await fetch(`${baseUrl}/api/listings/${seed.listingIds[1]}/like`, {
    method: 'PATCH',
    headers: { origin: BASE_URL, cookie: cookies[0]!, 'content-type': 'application/json' },
  })
  if (!liked.ok) throw new Error(`like failed: ${liked.status}`)
  const pool: Queryable = { query: ({ text, values }) => test.database.execute(text, values) }
  return { ...test, seed, baseUrl, cookies, pool }
})

type Answer = { status: number; headers: Record<string, string | undefined>; body: unknown }

async function nestmate(endpoint: Endpoint, path: string, cookie = bench.cookies[0]!): Promise<Answer> {
  const response = await fetch(bench.baseUrl + path, {
    method: endpoint.method,
    headers: {
      origin: BASE_URL,
      ...(endpoint.signedIn ? { cookie } : {}),
      // As the load generator sends them (bench/load.ts).
      ...(endpoint.method !== 'GET' ? { 'content-type': 'application/json' } : {}),
    },
    body: endpoint.body,
  })
  const headers = Object.fromEntries(
    PAGING_HEADERS.map((name) => [name, response.headers.get(name) ?? undefined]),
  )
  return { status: response.status, headers, body: await response.json() }
}

async function reference(endpoint: Endpoint, path: string, cookie = bench.cookies[0]!): Promise<Answer> {
  const answer = await referenceAnswer(bench.pool, {
    method: endpoint.method,
    url: new URL(path, 'http://reference.invalid'),
    cookie: endpoint.signedIn ? cookie : undefined,
    body: async () => JSON.parse(endpoint.body ?? '{}') as Record<string, unknown>,
  })
  const lower = Object.fromEntries(Object.entries(answer.headers ?? {}).map(([k, v]) => [k.toLowerCase(), v]))
  const headers = Object.fromEntries(PAGING_HEADERS.map((name) => [name, lower[name]]))
  // As the reference server sends it: through JSON.
  return { status: answer.status, headers, body: JSON.parse(JSON.stringify(answer.body)) }
}

/** Keys and value types, recursively: what a client reading the answer relies on, without the values. */
const shape = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(shape)
    : value !== null && typeof value === 'object'
      ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, shape(inner)]))
      : value === null
        ? null
        : typeof value

describe('reference 1 answers what Nestmate answers, for every request the benchmark sends', () => {
  it('reads: the same status, body and paging headers', async () => {
    const reads = endpoints(bench.seed).filter((endpoint) => endpoint.read)
    expect(reads.length).toBeGreaterThan(10)
    for (const endpoint of reads)
      for (const [i, path] of endpoint.paths.entries()) {
        const cookie = bench.cookies[endpoint.pathPerPerson ? i : 0]
        const [ours, theirs] = [
          await nestmate(endpoint, path, cookie),
          await reference(endpoint, path, cookie),
        ]
        expect(ours.status, `${endpoint.name}: ${path}`).toBe(200)
        // A person's own listing sits where many seekers look: its answer is compared with rows in it.
        if (endpoint.pathPerPerson) expect((ours.body as unknown[]).length).toBeGreaterThan(0)
        // A listing's viewing times: three weeks of slots, compared one by one.
        if (path.endsWith('/viewing-times'))
          expect((ours.body as { slots: [] }).slots.length).toBeGreaterThan(50)
        expect(theirs, `${endpoint.name}: ${path}`).toEqual(ours)
      }
  })

  it('writes: the same status and the same shape of answer', async () => {
    const writes = endpoints(bench.seed).filter((endpoint) => !endpoint.read)
    expect(writes.map((endpoint) => endpoint.name)).toEqual(['like', 'post listing'])
    for (const endpoint of writes) {
      // Each server writes once: a like of two different listings, or a new listing each.
      const [ours, theirs] = [
        await nestmate(endpoint, endpoint.paths[0]!),
        await reference(endpoint, endpoint.paths.at(-1)!),
      ]
      expect(ours.status, endpoint.name).toBeLessThan(300)
      expect({ status: theirs.status, body: shape(theirs.body) }, endpoint.name).toEqual({
        status: ours.status,
        body: shape(ours.body),
      })
    }
  })

  // Last, as it hands 20 listings to the second person: the conversations benchmark's inbox (bench/live.ts), on
  // its own seed, paged three ways (more than one page, so the Link header is compared too).
  it('the inbox of a person with many conversations: the same status, body and Link header', async () => {
    const cookie = bench.cookies[1]!
    const session = await fetch(`${bench.baseUrl}/api/auth/get-session`, { headers: { cookie } })
    const inboxPerson = ((await session.json()) as { user: { id: string } }).user.id
    for (const statement of liveSeedStatements({ people: 4, conversations: 60, run: 'ref', inboxPerson }))
      await bench.database.execute(statement)
    const seed = await describeInbox(
      async (text) => ({ rows: (await bench.database.execute(text)).rows as never }),
      inboxPerson,
    )
    for (const endpoint of inboxEndpoints(seed))
      for (const path of [
        ...endpoint.paths,
        `${endpoint.paths[0]}${endpoint.paths[0]!.includes('?') ? '&' : '?'}limit=5`,
      ]) {
        const [ours, theirs] = [
          await nestmate(endpoint, path, cookie),
          await reference(endpoint, path, cookie),
        ]
        expect(ours.status, `${endpoint.name}: ${path}`).toBe(200)
        expect((ours.body as unknown[]).length, `${endpoint.name}: ${path}`).toBeGreaterThan(0)
        expect(theirs, `${endpoint.name}: ${path}`).toEqual(ours)
      }
  })
})
