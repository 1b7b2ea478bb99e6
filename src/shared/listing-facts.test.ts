import { readFileSync } from 'node:fs'
import { expect, test } from 'vitest'
import { factFilters, factNames } from './fact-table.ts'
import { LISTING_FACTS } from './listing-facts.ts'

// docs/api.md lists the listing's facts and browse's household filters by name: a fact added to, renamed in or
// dropped from the table fails here until the API's document says so too.
const API_DOC = readFileSync(new URL('../../docs/api.md', import.meta.url), 'utf8')

/** The text from `start` up to `end`, the first after it, which must both be there. */
function passage(start: string, end: string) {
  const from = API_DOC.indexOf(start)
  const to = API_DOC.indexOf(end, from)
  expect(from, `docs/api.md says "${start}"`).toBeGreaterThanOrEqual(0)
  expect(to, `docs/api.md says "${end}" after "${start}"`).toBeGreaterThan(from)
  return API_DOC.slice(from, to)
}

/** The parameter and field names a passage writes as code (`furnished`, `moveInBy=YYYY-MM-DD`), not its values. */
const namesIn = (text: string) =>
  new Set(
    [...text.matchAll(/`([a-z][A-Za-z]*)/g)]
      .map(([, name]) => name!)
      .filter((name) => !['null', 'true', 'false'].includes(name)),
  )

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten']

test("docs/api.md names exactly the listing's facts", () => {
  const facts = passage('The household facts are each optional', 'A `PUT` replaces them all')
  expect(namesIn(facts)).toEqual(new Set(factNames(LISTING_FACTS)))
  const count = /the (\w+) household facts/.exec(API_DOC)?.[1]
  expect(count, 'the full listing\'s "the N household facts"').toBe(
    NUMBER_WORDS[factNames(LISTING_FACTS).length],
  )
})

test("docs/api.md names exactly browse's household filter parameters", () => {
  const filters = passage('**Household filters** (browse):', 'Anything else is a 400')
  expect(namesIn(filters)).toEqual(new Set(factFilters(LISTING_FACTS).map(({ param }) => param)))
})
