import { describe, expect, test } from 'vitest'
import { createTtlCache, type TtlCacheOptions } from './ttl-cache.ts'

/** A cache on a clock the test moves, over loads the test counts and can hold open. */
function setUp(options: Partial<TtlCacheOptions> = {}) {
  let clock = 0
  const errors: unknown[] = []
  const cache = createTtlCache<string, string>({
    freshMs: 10,
    maxEntries: 100,
    now: () => clock,
    onRefreshError: (error) => errors.push(error),
    ...options,
  })
  const calls: string[] = []
  /** A load answering `<key>#<call number>`, after `gate` when one is given. */
  const loader = (key: string, gate?: Promise<void>) => async () => {
    calls.push(key)
    const answer = `${key}#${calls.length}`
    await gate
    return answer
  }
  return { cache, calls, errors, loader, tick: (ms: number) => (clock += ms) }
}

/** A promise the test settles. */
function gate() {
  let open!: () => void
  let fail!: (error: Error) => void
  const promise = new Promise<void>((resolve, reject) => ((open = resolve), (fail = reject)))
  return { promise, open, fail }
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the TTL cache', () => {
  test('answers a value while fresh, then loads it again', async () => {
    const { cache, calls, loader, tick } = setUp()
    expect(await cache.get('a', loader('a'))).toBe('a#1')
    tick(9)
    expect(await cache.get('a', loader('a'))).toBe('a#1')
    tick(1)
    expect(await cache.get('a', loader('a'))).toBe('a#2')
    expect(calls).toEqual(['a', 'a'])
  })

  test('callers missing at once share one load; a failed load is not kept', async () => {
    const { cache, calls, loader } = setUp()
    const held = gate()
    const both = Promise.all([cache.get('a', loader('a', held.promise)), cache.get('a', loader('a'))])
    held.open()
    expect(await both).toEqual(['a#1', 'a#1'])
    const failing = gate()
    const failed = cache.get('b', loader('b', failing.promise))
    failing.fail(new Error('database down'))
    await expect(failed).rejects.toThrow('database down')
    expect(await cache.get('b', loader('b'))).toBe('b#3')
    expect(calls).toEqual(['a', 'b', 'b'])
  })

  test('while stale, the kept value answers and one background load replaces it', async () => {
    const { cache, calls, loader, tick } = setUp({ staleMs: 30 })
    await cache.get('a', loader('a'))
    tick(15)
    const held = gate()
    expect(await cache.get('a', loader('a', held.promise))).toBe('a#1')
    expect(await cache.get('a', loader('a'))).toBe('a#1')
    expect(calls).toEqual(['a', 'a'])
    held.open()
    await settled()
    expect(await cache.get('a', loader('a'))).toBe('a#2')
    // Past staleMs, callers wait for a new value.
    tick(31)
    expect(await cache.get('a', loader('a'))).toBe('a#3')
  })

  test('background loads take turns over all keys; a failed one is reported and tried again', async () => {
    const { cache, calls, errors, loader, tick } = setUp({ staleMs: 100, maxRefreshing: 1 })
    await cache.get('a', loader('a'))
    await cache.get('b', loader('b'))
    tick(15)
    const held = gate()
    await cache.get('a', loader('a', held.promise))
    expect(await cache.get('b', loader('b'))).toBe('b#2')
    expect(calls).toEqual(['a', 'b', 'a'])
    held.fail(new Error('lost connection'))
    await settled()
    expect(errors).toEqual([new Error('lost connection')])
    expect(await cache.get('a', loader('a'))).toBe('a#1')
    await settled()
    expect(await cache.get('a', loader('a'))).toBe('a#4')
  })

  test('clear(): everything is loaded again, and a load begun before it is not kept nor shared', async () => {
    const { cache, calls, loader } = setUp()
    await cache.get('a', loader('a'))
    const held = gate()
    const before = cache.get('b', loader('b', held.promise))
    cache.clear()
    const after = cache.get('b', loader('b'))
    held.open()
    expect([await before, await after]).toEqual(['b#2', 'b#3'])
    expect(await cache.get('a', loader('a'))).toBe('a#4')
    expect(await cache.get('b', loader('b'))).toBe('b#3')
    expect(calls).toEqual(['a', 'b', 'b', 'a'])
  })

  test('expireAll(): every value goes stale, and one loaded as it happens is kept stale', async () => {
    const { cache, calls, loader } = setUp({ staleMs: 100 })
    await cache.get('a', loader('a'))
    const held = gate()
    const pending = cache.get('b', loader('b', held.promise))
    cache.expireAll()
    held.open()
    expect(await pending).toBe('b#2')
    expect(await cache.get('a', loader('a'))).toBe('a#1')
    expect(await cache.get('b', loader('b'))).toBe('b#2')
    await settled()
    expect(calls).toEqual(['a', 'b', 'a', 'b'])
    expect([await cache.get('a', loader('a')), await cache.get('b', loader('b'))]).toEqual(['a#3', 'b#4'])
  })

  test('keep, fits and endsAt: what is kept, what may answer, and until when', async () => {
    const { cache, calls, loader, tick } = setUp({ staleMs: 50 })
    const notKept = { keep: (value: string) => !value.startsWith('x') }
    await cache.get('x', loader('x'), notKept)
    await cache.get('x', loader('x'), notKept)
    expect(calls).toEqual(['x', 'x'])
    // A value that doesn't fit this caller (worked out for other answers) is loaded again and replaces it.
    await cache.get('a', loader('a'))
    expect(await cache.get('a', loader('a'), { fits: (value) => value === 'a#4' })).toBe('a#4')
    expect(await cache.get('a', loader('a'))).toBe('a#4')
    // A value ending sooner than its TTL (a session's end) isn't answered past its end, even stale.
    const endsSoon = { endsAt: () => 5 + 3 }
    tick(5)
    await cache.get('e', loader('e'), endsSoon)
    tick(2)
    expect(await cache.get('e', loader('e'), endsSoon)).toBe('e#5')
    tick(1)
    expect(await cache.get('e', loader('e'), endsSoon)).toBe('e#6')
  })

  test('holds at most maxEntries, dropping the one stored longest ago', async () => {
    const { cache, calls, loader } = setUp({ maxEntries: 2 })
    for (const key of ['a', 'b', 'c']) await cache.get(key, loader(key))
    expect(cache.size).toBe(2)
    await cache.get('c', loader('c'))
    await cache.get('b', loader('b'))
    await cache.get('a', loader('a'))
    expect(calls).toEqual(['a', 'b', 'c', 'a'])
    cache.delete('c')
    await cache.get('c', loader('c'))
    expect(calls).toEqual(['a', 'b', 'c', 'a', 'c'])
  })
})
