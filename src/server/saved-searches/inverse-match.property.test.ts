import fc from 'fast-check'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, test } from 'vitest'
import { factFilters, type Fact } from '#shared/fact-table.ts'
import { BrowseQuerySchema, LISTING_FACTS } from '#shared/listing.ts'
import { savedSearch } from '../db/schema/index.ts'
import { gazetteer } from '../places/gazetteer.ts'
import { createListing, injectAs, signUp, useTestApp, type TestUser } from '../test/app.ts'
import { selectRows, testDatabaseKind } from '../test/database.ts'
import { matchingSearches } from './inverse-match.ts'
import { filterColumns } from '../routes/saved-searches/saved-searches-repository.ts'

// The alert matcher against browse itself: for random listings and random saved queries, a search matches a
// listing exactly when browse with the search's query returns it (decision 048).

const t = useTestApp()
const PLACES = [2950159, 2885657, 2852458, 2644688, 2643743] // Berlin, Köpenick, Potsdam, Leeds, London
const WORDS = ['sunny', 'Garden', 'loft', 'ROOM', '50%', 'a_b', 'river']
const LISTINGS = 36
const opt = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: undefined })
const day = fc.integer({ min: 0, max: 120 }).map((n) => new Date(Date.UTC(2026, 10, 1) + n * 86_400_000))
const isoDay = day.map((date) => date.toISOString().slice(0, 10))
// A fact's values by its kind, so every fact and fact filter of the table is exercised, a new one with no edit.
const factValue = (fact: Fact): fc.Arbitrary<unknown> =>
  fact.kind === 'choice'
    ? fc.constantFrom(...Object.keys(fact.options))
    : fact.kind === 'day'
      ? isoDay
      : fact.kind === 'wholeNumber'
        ? fc.integer({ min: fact.min, max: fact.max })
        : fact.kind === 'wish'
          ? fc.constant(true)
          : fc.boolean()

const listingArb = fc.record({
  title: fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 3 }).map((words) => words.join(' ')),
  roomType: fc.constantFrom('Single', 'Shared', 'Studio'),
  rent: fc.integer({ min: 0, max: 2000 }),
  placeId: fc.option(fc.constantFrom(...PLACES), { nil: null }),
  availability: fc.constantFrom('Available', 'Not Available'),
  ...Object.fromEntries(
    Object.entries(LISTING_FACTS).map(([name, fact]) => [
      name,
      fact.kind === 'choice' && fact.required ? factValue(fact) : fc.option(factValue(fact), { nil: null }),
    ]),
  ),
})

const yes = opt(fc.constant('true'))
const queryArb = fc
  .record({
    roomType: opt(fc.constantFrom('Single', 'Shared', 'Studio')),
    q: opt(fc.constantFrom(...WORDS, 'oo', 'GAR', '%', '_')),
    minRent: opt(fc.integer({ min: 0, max: 2000 })),
    maxRent: opt(fc.integer({ min: 0, max: 2000 })),
    available: yes,
    near: opt(fc.constantFrom(...PLACES)),
    radiusKm: opt(fc.constantFrom(1, 15, 30, 200)),
    ...Object.fromEntries(
      factFilters(LISTING_FACTS).map(({ param, fact, bound }) => [
        param,
        // An any-of filter: one or more of the choice's values, comma-separated.
        fact.kind === 'choice'
          ? opt(fc.subarray(Object.keys(fact.options), { minLength: 1 }).map((values) => values.join(',')))
          : bound
            ? opt(factValue(fact))
            : yes,
      ]),
    ),
  })
  .map((query) => {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value))
    return params.toString()
  })

describe(`the alert matcher equals browse on ${testDatabaseKind}`, () => {
  let searcher: TestUser
  let ours: Set<string>
  beforeAll(async () => {
    searcher = await signUp(t.app)
    const poster = await signUp(t.app)
    ours = new Set()
    for (const listing of fc.sample(listingArb, { numRuns: LISTINGS, seed: 48 }))
      ours.add(await createListing(t.app, poster, listing))
  }, 120_000)

  test('for random saved queries, "the alert matches" is "browse returns the listing"', async () => {
    await fc.assert(
      fc.asyncProperty(queryArb, async (text) => {
        const browse = await injectAs(t.app, null, {
          method: 'GET',
          url: `/api/roommate-listings?${text}&limit=100`,
        })
        expect(browse.statusCode).toBe(200)
        const returned = new Set(browse.json<{ _id: string }[]>().map((listing) => listing._id))

        const query = BrowseQuerySchema.parse(Object.fromEntries(new URLSearchParams(text)))
        const place = query.near === undefined ? undefined : gazetteer.find(query.near)
        const [saved] = await t.database.db
          .insert(savedSearch)
          .values({
            ...(filterColumns(query, place) as object),
            userId: searcher.id,
            name: 'Property',
            query: text,
          })
          .returning({ id: savedSearch.id })
        try {
          const matched = await selectRows<{ listingId: string }>(
            t.database,
            sql`select listing_id as "listingId" from ${matchingSearches(sql`true`)} as m
              where m.search_id = ${saved!.id}`,
          )
          expect(new Set(matched.map((row) => row.listingId))).toEqual(returned)
          expect([...returned].every((id) => ours.has(id))).toBe(true)
        } finally {
          await t.database.db.execute(sql`delete from saved_search where id = ${saved!.id}`)
        }
      }),
      { numRuns: 60 },
    )
  }, 120_000)
})
