import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { createListing, injectAs, signUp, type TestUser, useTestApp } from '../../test/app.ts'

type Summary = { _id: string; title: string; location: string; rent: number; createdAt: string }

/** A cursor as a client could craft it: base64url JSON of a value and a well-formed id. */
const cursorOf = (value: unknown) => Buffer.from(JSON.stringify([value, randomUUID()])).toString('base64url')

const t = useTestApp()
let poster: TestUser

beforeAll(async () => {
  poster = await signUp(t.app, { name: 'Browse Poster' })
})

/** A word no other test's listing contains, so `q` isolates one test's data. */
const uniqueToken = () => `tok${randomUUID().replaceAll('-', '').slice(0, 12)}`

const browse = (query: string) =>
  injectAs(t.app, null, { method: 'GET', url: `/api/roommate-listings?${query}` })

async function browseIds(query: string): Promise<string[]> {
  const response = await browse(query)
  expect(response.statusCode).toBe(200)
  return response.json<Summary[]>().map((listing) => listing._id)
}

function nextLink(link: string | string[] | number | undefined): string | undefined {
  if (link === undefined) return undefined
  const match = /^<([^>]+)>; rel="next"$/.exec(String(link))
  if (!match) throw new Error(`unexpected Link header: ${String(link)}`)
  return match[1]
}

/** Follows rel="next" from the first page to the last; returns every page's ids. */
async function walk(firstUrl: string): Promise<string[][]> {
  const pages: string[][] = []
  let url: string | undefined = firstUrl
  while (url) {
    const response = await injectAs(t.app, null, { method: 'GET', url })
    expect(response.statusCode).toBe(200)
    pages.push(response.json<Summary[]>().map((listing) => listing._id))
    url = nextLink(response.headers.link)
    if (pages.length > 50) throw new Error('pagination does not end')
  }
  return pages
}

const SUMMARY_KEYS = [
  ...['placeId', 'placeName', 'lat', 'lon'],
  '_id',
  'availability',
  'confirmedAt',
  'cover',
  'createdAt',
  'isExample',
  'likes',
  'lifestyle',
  'advertiser',
  'location',
  'rent',
  'roomType',
  'title',
  'userName',
  // The poster's badges (decision 096): none of them private.
  'ownerVerified',
  'referenceCount',
  'replyRate',
  'replyHours',
]

describe('GET /api/roommate-listings', () => {
  test('is public and answers summaries without phone, e-mail, contact or description', async () => {
    const token = uniqueToken()
    const id = await createListing(t.app, poster, {
      title: `Private bits ${token}`,
      number: '555 0000',
      description: 'secret description',
    })
    const response = await browse(`q=${token}`)
    expect(response.statusCode).toBe(200)
    const [summary] = response.json()
    expect(Object.keys(summary).sort()).toEqual([...SUMMARY_KEYS].sort())
    expect(summary).toMatchObject({
      _id: id,
      title: `Private bits ${token}`,
      userName: 'Browse Poster',
      rent: 850,
      likes: 0,
    })
    expect(response.body).not.toContain('555 0000')
    expect(response.body).not.toContain(poster.email)
    expect(response.body).not.toContain('secret description')
  })

  test.each(['rent_asc', 'rent_desc', 'newest'])(
    'sort=%s answers only the summary fields, createdAt and confirmedAt as the detail page gives them',
    async (sort) => {
      const token = uniqueToken()
      const id = await createListing(t.app, poster, { title: token, number: '555 0101' })
      const response = await browse(`q=${token}&sort=${sort}`)
      expect(response.statusCode).toBe(200)
      const [summary] = response.json()
      expect(Object.keys(summary).sort()).toEqual([...SUMMARY_KEYS].sort())
      expect(response.body).not.toContain('555 0101')
      const detail = await injectAs(t.app, poster, { method: 'GET', url: `/api/roommate-listings/${id}` })
      expect(summary.createdAt).toBe(detail.json().createdAt)
      expect(summary.confirmedAt).toBe(detail.json().confirmedAt)
    },
  )

  test('sorts by rent ascending by default, and by rent_desc and newest on request', async () => {
    const token = uniqueToken()
    const middle = await createListing(t.app, poster, { title: token, rent: 800 })
    const cheap = await createListing(t.app, poster, { title: token, rent: 400 })
    const dear = await createListing(t.app, poster, { title: token, rent: 1500 })
    expect(await browseIds(`q=${token}`)).toEqual([cheap, middle, dear])
    expect(await browseIds(`q=${token}&sort=rent_asc`)).toEqual([cheap, middle, dear])
    expect(await browseIds(`q=${token}&sort=rent_desc`)).toEqual([dear, middle, cheap])
    expect(await browseIds(`q=${token}&sort=newest`)).toEqual([dear, cheap, middle])
  })

  test('filters by room type; All means no filter', async () => {
    const token = uniqueToken()
    const single = await createListing(t.app, poster, { title: token, roomType: 'Single', rent: 100 })
    const shared = await createListing(t.app, poster, { title: token, roomType: 'Shared', rent: 200 })
    const studio = await createListing(t.app, poster, { title: token, roomType: 'Studio', rent: 300 })
    expect(await browseIds(`q=${token}&roomType=Single`)).toEqual([single])
    expect(await browseIds(`q=${token}&roomType=Shared`)).toEqual([shared])
    expect(await browseIds(`q=${token}&roomType=Studio`)).toEqual([studio])
    expect(await browseIds(`q=${token}&roomType=All`)).toEqual([single, shared, studio])
    expect(await browseIds(`q=${token}&roomType=`)).toEqual([single, shared, studio])
    const bad = await browse(`q=${token}&roomType=Castle`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({
      error: 'Room type must be Single, Shared or Studio.',
      issues: [{ path: 'roomType', message: 'Room type must be Single, Shared or Studio.' }],
    })
  })

  test('q matches the title or the location, case-insensitively', async () => {
    const token = uniqueToken()
    const inTitle = await createListing(t.app, poster, { title: `Loft ${token.toUpperCase()}`, rent: 100 })
    const inLocation = await createListing(t.app, poster, { location: `Lisbon ${token}`, rent: 200 })
    await createListing(t.app, poster, { title: 'Unrelated', location: 'Elsewhere', rent: 150 })
    expect(await browseIds(`q=${token}`)).toEqual([inTitle, inLocation])
    expect(await browseIds(`q=${token.toUpperCase()}`)).toEqual([inTitle, inLocation])
    expect(await browseIds(`q=${encodeURIComponent(`  lisbon ${token}  `)}`)).toEqual([inLocation])
  })

  test("'%' and '_' in q match themselves, not any text", async () => {
    const token = uniqueToken()
    const percent = await createListing(t.app, poster, { title: `${token}5%f`, rent: 100 })
    const underscore = await createListing(t.app, poster, { title: `${token}a_b`, rent: 200 })
    // Each would match with % or _ as a wildcard.
    await createListing(t.app, poster, { title: `${token}50 off`, rent: 300 })
    await createListing(t.app, poster, { title: `${token}axb`, rent: 400 })
    expect(await browseIds(`q=${encodeURIComponent(`${token}5%f`)}`)).toEqual([percent])
    expect(await browseIds(`q=${encodeURIComponent(`${token}a_b`)}`)).toEqual([underscore])
    expect(await browseIds(`q=${encodeURIComponent(`${token}%`)}`)).toEqual([])
    expect(await browseIds(`q=${encodeURIComponent(`${token}\\`)}`)).toEqual([])
  })

  test('minRent and maxRent are inclusive bounds', async () => {
    const token = uniqueToken()
    const ids = []
    for (const rent of [300, 500, 700, 900])
      ids.push(await createListing(t.app, poster, { title: token, rent }))
    expect(await browseIds(`q=${token}&minRent=500`)).toEqual(ids.slice(1))
    expect(await browseIds(`q=${token}&maxRent=700`)).toEqual(ids.slice(0, 3))
    expect(await browseIds(`q=${token}&minRent=500&maxRent=700`)).toEqual(ids.slice(1, 3))
    expect(await browseIds(`q=${token}&minRent=&maxRent=`)).toEqual(ids)
    expect(await browseIds(`q=${token}&minRent=701&maxRent=899`)).toEqual([])
    const bad = await browse(`q=${token}&minRent=cheap`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({
      error: 'Rent bounds must be numbers from 0 to 1,000,000.',
      issues: [{ path: 'minRent', message: 'Rent bounds must be numbers from 0 to 1,000,000.' }],
    })
  })

  test('available=true keeps only Available listings; off (or false) lists every listing', async () => {
    const token = uniqueToken()
    const open = await createListing(t.app, poster, { title: token, rent: 100 })
    const taken = await createListing(t.app, poster, {
      title: token,
      rent: 200,
      availability: 'Not Available',
    })
    expect(await browseIds(`q=${token}&available=true`)).toEqual([open])
    expect((await browse(`q=${token}&available=true`)).headers['x-total-count']).toBe('1')
    expect(await browseIds(`q=${token}&available=false`)).toEqual([open, taken])
    expect(await browseIds(`q=${token}`)).toEqual([open, taken])
    const bad = await browse(`q=${token}&available=yes`)
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toEqual({
      error: 'available must be true or false.',
      issues: [{ path: 'available', message: 'available must be true or false.' }],
    })
  })

  test('a search with a typo that finds nothing suggests the closest word (X-Did-You-Mean)', async () => {
    const token = uniqueToken()
    await createListing(t.app, poster, { title: 'Quiet room', location: `Zürichberg ${token}` })
    const typo = await browse(`q=${encodeURIComponent('zurichberg')}`)
    expect(typo.json()).toEqual([])
    expect(decodeURIComponent(String(typo.headers['x-did-you-mean']))).toBe('Zürichberg')
    // A search that finds something, or nothing close, suggests nothing.
    const found = await browse(`q=${token}`)
    expect(found.json()).toHaveLength(1)
    expect(found.headers['x-did-you-mean']).toBeUndefined()
    expect((await browse('q=qqqqxxxxzzzz')).headers['x-did-you-mean']).toBeUndefined()
  })

  test('X-Total-Count is the filtered total, not the page size', async () => {
    const token = uniqueToken()
    for (const rent of [100, 200, 300, 400, 500]) await createListing(t.app, poster, { title: token, rent })
    const response = await browse(`q=${token}&limit=2`)
    expect(response.headers['x-total-count']).toBe('5')
    expect(response.json()).toHaveLength(2)
    const filtered = await browse(`q=${token}&limit=2&minRent=300`)
    expect(filtered.headers['x-total-count']).toBe('3')
    // The total stays the same on later pages.
    const second = await injectAs(t.app, null, { method: 'GET', url: nextLink(filtered.headers.link)! })
    expect(second.headers['x-total-count']).toBe('3')
    const none = await browse(`q=${token}none`)
    expect(none.headers['x-total-count']).toBe('0')
    expect(none.headers.link).toBeUndefined()
  })

  test('Link rel="next" keeps the filters and is absent on the last page', async () => {
    const token = uniqueToken()
    const ids = []
    for (const rent of [100, 200, 300]) ids.push(await createListing(t.app, poster, { title: token, rent }))
    const first = await browse(`q=${token}&limit=2&maxRent=1000&roomType=Single`)
    const next = nextLink(first.headers.link)!
    const params = new URL(next, 'http://x').searchParams
    expect(new URL(next, 'http://x').pathname).toBe('/api/roommate-listings')
    expect(Object.fromEntries(params)).toMatchObject({
      q: token,
      limit: '2',
      maxRent: '1000',
      roomType: 'Single',
      cursor: expect.any(String),
    })
    const last = await injectAs(t.app, null, { method: 'GET', url: next })
    expect(last.json().map((l: Summary) => l._id)).toEqual([ids[2]])
    expect(last.headers.link).toBeUndefined()
    // Exactly a full last page: no link either.
    const exact = await browse(`q=${token}&limit=3`)
    expect(exact.json()).toHaveLength(3)
    expect(exact.headers.link).toBeUndefined()
  })

  test('limit defaults to 24 and accepts 1 to 100', async () => {
    const token = uniqueToken()
    for (let i = 0; i < 25; i++) await createListing(t.app, poster, { title: token, rent: i })
    expect(await browseIds(`q=${token}`)).toHaveLength(24)
    expect(await browseIds(`q=${token}&limit=1`)).toHaveLength(1)
    expect(await browseIds(`q=${token}&limit=100`)).toHaveLength(25)
  })

  test.each([
    ['limit=0', 'limit', 'limit must be 1 to 100.'],
    ['limit=101', 'limit', 'limit must be 1 to 100.'],
    ['sort=cheapest', 'sort', 'sort must be rent_asc, rent_desc, newest, distance or match.'],
    ['limit=abc', 'limit', 'limit must be 1 to 100.'],
    ['limit=1.5', 'limit', 'limit must be 1 to 100.'],
    ['minRent=-1', 'minRent', 'Rent bounds must be numbers from 0 to 1,000,000.'],
    ['maxRent=1000001', 'maxRent', 'Rent bounds must be numbers from 0 to 1,000,000.'],
    // Rents are whole numbers: a fractional bound reached PostgreSQL's integer column and was a 500.
    ['minRent=0.5', 'minRent', 'Rent bounds must be whole numbers from 0 to 1,000,000.'],
    ['maxRent=899.99', 'maxRent', 'Rent bounds must be whole numbers from 0 to 1,000,000.'],
    [`q=${'x'.repeat(101)}`, 'q', 'Search text must be at most 100 characters.'],
    [`cursor=${'x'.repeat(201)}`, 'cursor', 'Malformed cursor.'],
  ])('400 for %s', async (query, path, message) => {
    const response = await browse(query)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: message, issues: [{ path, message }] })
  })

  test.each([
    ['not base64 JSON', 'garbage!!', 'rent_asc'],
    ['a JSON object', Buffer.from('{"a":1}').toString('base64url'), 'rent_asc'],
    ['a bad id', Buffer.from('[500,"nope"]').toString('base64url'), 'rent_asc'],
    ['a string rent', cursorOf('500'), 'rent_asc'],
    // Values JSON and Number.isInteger accept but PostgreSQL refuses (these were 500s).
    ['a rent beyond any integer', cursorOf(1e308), 'rent_asc'],
    ['a rent beyond the rent range', cursorOf(2 ** 31), 'rent_desc'],
    ['a negative rent', cursorOf(-1), 'rent_asc'],
    ['a number as the time', cursorOf('1'), 'newest'],
    ['a time Date.parse reads', cursorOf('Nov 23 2026'), 'newest'],
    ['a time in milliseconds', cursorOf('2026-11-23T10:00:00.123Z'), 'newest'],
    ['an impossible day', cursorOf('2026-02-30T10:00:00.123456Z'), 'newest'],
    ['hour 24', cursorOf('2026-11-23T24:00:00.000000Z'), 'newest'],
    ['year 0', cursorOf('0000-01-01T00:00:00.000000Z'), 'newest'],
  ])('400 for a malformed cursor: %s', async (_name, cursor, sort) => {
    const response = await browse(`sort=${sort}&cursor=${cursor}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: 'Malformed cursor.' })
  })

  test('a well-formed newest-first cursor is accepted', async () => {
    const response = await browse(`sort=newest&cursor=${cursorOf('2026-11-23T10:00:00.123456Z')}`)
    expect(response.statusCode).toBe(200)
  })

  test('400 for a cursor made for another sort', async () => {
    const token = uniqueToken()
    for (const rent of [100, 200]) await createListing(t.app, poster, { title: token, rent })
    const rentPage = await browse(`q=${token}&limit=1`)
    const cursor = new URL(nextLink(rentPage.headers.link)!, 'http://x').searchParams.get('cursor')!
    const response = await browse(`q=${token}&limit=1&sort=newest&cursor=${cursor}`)
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual({ error: 'Malformed cursor.' })
  })

  describe('pagination is stable across ties', () => {
    const token = uniqueToken()
    type Row = { id: string; rent: number; createdAt: bigint }
    const rows: Row[] = []

    beforeAll(async () => {
      const owner = await signUp(t.app)
      for (let i = 0; i < 30; i++) {
        // Only four distinct rents: long runs of ties.
        const rent = 500 + (i % 4) * 100
        rows.push({
          id: await createListing(t.app, owner, { title: `Tie ${i} ${token}`, rent }),
          rent,
          createdAt: 0n,
        })
      }
      // Creation times with ties too: a third share one instant, a third differ only in microseconds within
      // one millisecond (finer than a JavaScript Date), the rest are a second apart.
      const base = 1_900_000_000_000_000n // microseconds since 1970
      for (const [i, row] of rows.entries()) {
        row.createdAt =
          i % 3 === 0 ? base : i % 3 === 1 ? base + 5_000n + BigInt(i) : base - BigInt(i) * 1_000_000n
        await t.database.db.execute(
          sql`update listing set created_at = 'epoch'::timestamptz + ${String(row.createdAt)}::bigint * interval '1 microsecond' where id = ${row.id}::uuid`,
        )
      }
    })

    const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
    const cmp = (a: bigint | number, b: bigint | number) => (a < b ? -1 : a > b ? 1 : 0)
    const expected = {
      rent_asc: () => [...rows].sort((a, b) => cmp(a.rent, b.rent) || byId(a, b)),
      rent_desc: () => [...rows].sort((a, b) => cmp(b.rent, a.rent) || byId(b, a)),
      newest: () => [...rows].sort((a, b) => cmp(b.createdAt, a.createdAt) || byId(b, a)),
    }

    test('the stored times really have ties and sub-millisecond differences', () => {
      expect(new Set(rows.map((r) => r.createdAt)).size).toBeLessThan(rows.length)
      const subMs = rows.filter((r, i) => i % 3 === 1).map((r) => r.createdAt)
      expect(new Set(subMs).size).toBe(subMs.length)
      expect(new Set(subMs.map((us) => us / 1000n)).size).toBe(1)
    })

    test.each(['rent_asc', 'rent_desc', 'newest'] as const)(
      'sort=%s: walking pages of 7 by the Link header gives every listing once, in order',
      async (sort) => {
        const pages = await walk(`/api/roommate-listings?q=${token}&sort=${sort}&limit=7`)
        expect(pages.map((page) => page.length)).toEqual([7, 7, 7, 7, 2])
        const all = pages.flat()
        expect(new Set(all).size).toBe(all.length)
        expect(all).toEqual(expected[sort]().map((row) => row.id))
      },
    )
  })
})
