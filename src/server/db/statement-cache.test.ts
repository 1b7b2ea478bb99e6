import { expect, test } from 'vitest'
import { statementName } from './statement-cache.ts'

// Browse with many filters names its statements past PostgreSQL's 63 bytes, where two shapes that differ only at
// the end (`…+wide` and `…+wide+limit`) were one name to the server: "prepared statement already exists", a 500.

test('a long statement name is cut to 63 bytes and still tells shapes apart; a short one is kept', () => {
  const long = 'listing_page:rent_asc+max+available+near+moveInBy+billsIncluded+wide'
  const longer = `${long}+limit`
  expect(statementName('listing_page:rent_asc+room')).toBe('listing_page:rent_asc+room')
  for (const name of [long, longer]) expect(Buffer.byteLength(statementName(name))).toBeLessThanOrEqual(63)
  expect(statementName(long)).not.toBe(statementName(longer))
  expect(statementName(long).slice(0, 40)).toBe(long.slice(0, 40))
})
