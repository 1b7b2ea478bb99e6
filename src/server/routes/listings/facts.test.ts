import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { factFilters, type Fact } from '#shared/fact-table.ts'
import { LISTING_FACTS } from '#shared/listing-facts.ts'
import { createListing, injectAs, sampleListing, signUp, useTestApp } from '../../test/app.ts'

// Every row of the listing's fact table (src/shared/listing-facts.ts) and every browse filter it declares, whatever
// they are: a new fact is tested here without a line of its own. household.test.ts pins today's facts' words.

const t = useTestApp()

/** Two values of a fact, the lower first. */
const twoValues = (fact: Fact): [unknown, unknown] =>
  fact.kind === 'choice'
    ? (Object.keys(fact.options).slice(0, 2) as [string, string])
    : fact.kind === 'yesNo'
      ? [false, true]
      : fact.kind === 'wish'
        ? [null, true]
        : fact.kind === 'day'
          ? ['2026-01-10', '2027-06-01']
          : [fact.min, fact.max]

/** A value the fact's schema refuses. */
const refused = (fact: Fact) =>
  fact.kind === 'yesNo' || fact.kind === 'wish' || fact.kind === 'choice'
    ? 'maybe'
    : fact.kind === 'day'
      ? '2026-02-30'
      : fact.max + 1

/** A listing that doesn't state the fact: for a required one, written before it was asked (as migrated rows are). */
async function unsaidListing(
  poster: Awaited<ReturnType<typeof signUp>>,
  name: string,
  fact: Fact,
  title: string,
) {
  if (!(fact.kind === 'choice' && fact.required)) return createListing(t.app, poster, { title, [name]: '' })
  const id = await createListing(t.app, poster, { title })
  await t.database.db.execute(
    sql`update listing set ${sql.identifier(name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))} = null where id = ${id}`,
  )
  return id
}

const browseIds = async (query: string) => {
  const response = await injectAs(t.app, null, {
    method: 'GET',
    url: `/api/roommate-listings?limit=100&${query}`,
  })
  expect(response.statusCode, response.body).toBe(200)
  return response.json<{ _id: string }[]>().map((listing) => listing._id)
}

describe.each(Object.entries(LISTING_FACTS))('the fact %s', (name, fact: Fact) => {
  test('is saved and answered as sent, cleared by an empty form value, and refused out of its kind', async () => {
    const poster = await signUp(t.app)
    const details = async (id: string) =>
      (await injectAs(t.app, poster, { method: 'GET', url: `/api/roommate-listings/${id}` })).json()
    for (const value of twoValues(fact)) {
      const id = await createListing(t.app, poster, { [name]: value })
      expect((await details(id))[name]).toEqual(value)
      const cleared = await injectAs(t.app, poster, {
        method: 'PUT',
        url: `/api/roommate-listings/${id}`,
        payload: sampleListing({ [name]: '' }),
      })
      if (fact.kind === 'choice' && fact.required) {
        // Asked on every edit: an empty answer is refused, the listing keeps what it said.
        expect(cleared.statusCode).toBe(400)
        expect(cleared.json().issues).toEqual([{ path: name, message: `${fact.label} is required.` }])
        expect((await details(id))[name]).toEqual(value)
        continue
      }
      expect(cleared.statusCode).toBe(200)
      expect((await details(id))[name]).toBeNull()
    }
    const bad = await injectAs(t.app, poster, {
      method: 'POST',
      url: '/api/roommate-listings',
      payload: sampleListing({ [name]: refused(fact) }),
    })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().issues).toEqual([{ path: name, message: expect.any(String) }])
  })
})

describe.each(factFilters(LISTING_FACTS).map((filter) => [filter.param, filter] as const))(
  'the browse filter %s',
  (param, { name, fact, bound }) => {
    test('keeps what its fact says, and refuses a value out of its range', async () => {
      const poster = await signUp(t.app)
      const tag = `fact${param}${Date.now()}`
      const [low, high] = twoValues(fact)
      const make = (value: unknown) => createListing(t.app, poster, { title: tag, [name]: value })
      const [lowId, highId] = [await make(low), await make(high)]
      const unsaidId = await unsaidListing(poster, name, fact, tag)
      const ids = async (value: unknown) => (await browseIds(`q=${tag}&${param}=${value}`)).sort()
      const unsaid = bound?.keepsUnsaid ? [unsaidId] : []
      if (fact.kind === 'choice') {
        // One value or several, comma-separated; a listing that doesn't say is never one of them.
        expect(await ids(high)).toEqual([highId])
        expect(await ids(`${low},${high}`)).toEqual([lowId, highId].sort())
      } else if (!bound) expect(await ids('true')).toEqual([highId])
      else if (bound.bound === 'atLeast') expect(await ids(high)).toEqual([highId, ...unsaid].sort())
      else expect(await ids(low)).toEqual([lowId, ...unsaid].sort())
      const wrong = bound ? (fact.kind === 'wholeNumber' ? fact.max + 1 : 'tomorrow') : 'false'
      const response = await injectAs(t.app, null, {
        method: 'GET',
        url: `/api/roommate-listings?${param}=${wrong}`,
      })
      expect(response.statusCode).toBe(400)
      const { error, issues } = response.json()
      expect(error).toContain(param)
      expect(issues.map((issue: { path: string }) => issue.path)).toEqual(issues.map(() => param))
    })
  },
)
