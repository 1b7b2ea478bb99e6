import { describe, expect, test } from 'vitest'
import { createBestMatchPrefixes, startAfter, type BestMatchPrefix } from './best-match-prefixes.ts'

const prefixOf = (tag: string): BestMatchPrefix => ({
  ids: [tag],
  matches: [1],
  keys: [1],
  shared: [0],
  isWhole: false,
})

/** A cache over a compute that counts its calls and can be held open, on a clock the test moves. */
function setUp() {
  let clock = 0
  const calls: string[] = []
  let hold: Promise<void> | undefined
  const cache = createBestMatchPrefixes(
    async (viewerId: string, answers: string) => {
      calls.push(`${viewerId}:${answers}`)
      await hold
      return prefixOf(`${answers}#${calls.length}`)
    },
    { freshMs: 10, staleMs: 60, maxViewers: 2, now: () => clock },
  )
  return {
    cache,
    calls,
    tick: (ms: number) => (clock += ms),
    holdUntil: (until: Promise<void>) => (hold = until),
  }
}

describe('best-match prefixes', () => {
  test('are worked out once while fresh, and again for answers that changed', async () => {
    const { cache, calls, tick } = setUp()
    expect((await cache.get('v', 'a', 'a')).ids).toEqual(['a#1'])
    tick(9)
    expect((await cache.get('v', 'a', 'a')).ids).toEqual(['a#1'])
    expect((await cache.get('v', 'b', 'b')).ids).toEqual(['b#2'])
    expect(calls).toEqual(['v:a', 'v:b'])
  })

  test('once stale, the kept prefix answers while one new one is worked out in the background', async () => {
    const { cache, calls, tick, holdUntil } = setUp()
    await cache.get('v', 'a', 'a')
    tick(11)
    let release!: () => void
    holdUntil(new Promise<void>((resolve) => (release = resolve)))
    expect((await cache.get('v', 'a', 'a')).ids).toEqual(['a#1'])
    expect((await cache.get('v', 'a', 'a')).ids).toEqual(['a#1'])
    expect(calls).toHaveLength(2)
    release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect((await cache.get('v', 'a', 'a')).ids).toEqual(['a#2'])
    expect(calls).toHaveLength(2)
  })

  test('background refreshes take turns: one at a time', async () => {
    const { cache, calls, tick, holdUntil } = setUp()
    await cache.get('v1', 'a', 'a')
    await cache.get('v2', 'a', 'a')
    tick(11)
    let release!: () => void
    holdUntil(new Promise<void>((resolve) => (release = resolve)))
    await cache.get('v1', 'a', 'a')
    expect((await cache.get('v2', 'a', 'a')).ids).toEqual(['a#2'])
    expect(calls).toEqual(['v1:a', 'v2:a', 'v1:a'])
    release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    await cache.get('v2', 'a', 'a')
    expect(calls).toEqual(['v1:a', 'v2:a', 'v1:a', 'v2:a'])
  })

  test('past the stale limit, or once forgotten, the caller waits for a new one', async () => {
    const { cache, calls, tick } = setUp()
    await cache.get('v', 'a', 'a')
    tick(61)
    expect((await cache.get('v', 'a', 'a')).ids).toEqual(['a#2'])
    cache.forget('v')
    expect((await cache.get('v', 'a', 'a')).ids).toEqual(['a#3'])
    expect(calls).toHaveLength(3)
  })

  test('a change expires every prefix, including one being worked out as it happens', async () => {
    const { cache, calls, holdUntil } = setUp()
    let release!: () => void
    holdUntil(new Promise<void>((resolve) => (release = resolve)))
    const pending = cache.get('v', 'a', 'a')
    cache.expireAll()
    release()
    await pending
    // Served, but refreshed on its next use.
    expect((await cache.get('v', 'a', 'a')).ids).toEqual(['a#1'])
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(calls).toHaveLength(2)
    expect((await cache.get('v', 'a', 'a')).ids).toEqual(['a#2'])
  })

  test('keep at most maxViewers, dropping the oldest', async () => {
    const { cache, calls } = setUp()
    for (const viewer of ['v1', 'v2', 'v3']) await cache.get(viewer, 'a', 'a')
    expect(cache.size).toBe(2)
    await cache.get('v1', 'a', 'a')
    expect(calls).toEqual(['v1:a', 'v2:a', 'v3:a', 'v1:a'])
  })
})

describe('startAfter', () => {
  // Best first: (90, b), (90, a), (80, c), then no score (−1): (null, e), (null, d); then a room Not Available
  // that scored 95: (−905, f).
  const prefix: BestMatchPrefix = {
    ids: ['b', 'a', 'c', 'e', 'd', 'f'],
    matches: [90, 90, 80, null, null, 95],
    keys: [90, 90, 80, -1, -1, -905],
    shared: [0, 0, 0, 0, 0, 0],
    isWhole: true,
  }
  test('finds the first entry after a cursor, inside a tie, between keys and among listings without a score', () => {
    expect(startAfter(prefix, null)).toBe(0)
    expect(startAfter(prefix, { value: 90, id: 'b' })).toBe(1)
    expect(startAfter(prefix, { value: 90, id: 'aa' })).toBe(1)
    expect(startAfter(prefix, { value: 90, id: 'a' })).toBe(2)
    expect(startAfter(prefix, { value: 85, id: 'z' })).toBe(2)
    expect(startAfter(prefix, { value: 80, id: 'c' })).toBe(3)
    expect(startAfter(prefix, { value: -1, id: 'e' })).toBe(4)
    expect(startAfter(prefix, { value: -1, id: 'd' })).toBe(5)
    expect(startAfter(prefix, { value: -905, id: 'f' })).toBe(6)
  })
  test('compares ids in lowercase, as PostgreSQL compares uuids', () => {
    expect(startAfter(prefix, { value: 90, id: 'B' })).toBe(1)
  })
})
