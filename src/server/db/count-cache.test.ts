import { afterEach, describe, expect, test, vi } from 'vitest'
import { createCountCache } from './count-cache.ts'

afterEach(() => vi.useRealTimers())

/** A count query that answers `value` and says how often it ran. */
function counter(value: number) {
  const fn = vi.fn(async () => value)
  return fn
}

describe('count cache', () => {
  test('a count on a small table is taken every time, so a small site is always exact', async () => {
    const cache = createCountCache({ exactBelow: 1000 })
    const count = counter(12)
    expect(await cache.get('all', count)).toBe(12)
    expect(await cache.get('all', count)).toBe(12)
    expect(count).toHaveBeenCalledTimes(2)
  })

  test('a large count is kept for the TTL, then taken again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const cache = createCountCache({ exactBelow: 1000, ttlMs: 10_000 })
    const count = counter(5000)
    await cache.get('all', count)
    await cache.get('all', count)
    expect(count).toHaveBeenCalledTimes(1)
    vi.setSystemTime(Date.now() + 10_001)
    await cache.get('all', count)
    expect(count).toHaveBeenCalledTimes(2)
  })

  test('a small filtered count on a large table is kept too: taking it reads the whole table', async () => {
    const cache = createCountCache({ exactBelow: 1000 })
    const search = counter(7)
    await cache.get('q=rare', search, 100_000)
    await cache.get('q=rare', search, 100_000)
    expect(search).toHaveBeenCalledTimes(1)
    // The same filter on a small table stays exact.
    const small = counter(7)
    await cache.get('q=other', small, 500)
    await cache.get('q=other', small, 500)
    expect(small).toHaveBeenCalledTimes(2)
  })

  test('concurrent misses share one query, and clear() forgets everything', async () => {
    const cache = createCountCache({ exactBelow: 1000 })
    const count = counter(2000)
    await Promise.all([cache.get('all', count), cache.get('all', count), cache.get('all', count)])
    expect(count).toHaveBeenCalledTimes(1)
    cache.clear()
    await cache.get('all', count)
    expect(count).toHaveBeenCalledTimes(2)
  })

  test('a failed count is not kept', async () => {
    const cache = createCountCache({ exactBelow: 0 })
    const failing = vi.fn(async () => {
      throw new Error('database down')
    })
    await expect(cache.get('all', failing)).rejects.toThrow('database down')
    await expect(cache.get('all', failing)).rejects.toThrow('database down')
    expect(failing).toHaveBeenCalledTimes(2)
  })
})
