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

  test('past its TTL, a count is answered while the next one is taken, once; past two TTLs, callers wait', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const cache = createCountCache({ exactBelow: 1000, ttlMs: 10_000 })
    let value = 5000
    let release!: () => void
    let gate: Promise<void> = Promise.resolve()
    const count = vi.fn(async () => {
      const answer = value
      await gate
      return answer
    })
    expect(await cache.get('all', count)).toBe(5000)
    vi.setSystemTime(Date.now() + 10_001)
    value = 5100
    gate = new Promise((resolve) => (release = resolve))
    expect(await cache.get('all', count)).toBe(5000)
    expect(await cache.get('all', count)).toBe(5000)
    expect(count).toHaveBeenCalledTimes(2)
    release()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(await cache.get('all', count)).toBe(5100)
    expect(count).toHaveBeenCalledTimes(2)
    vi.setSystemTime(Date.now() + 20_001)
    value = 5200
    expect(await cache.get('all', count)).toBe(5200)
  })

  test('a count taken in the background while this process writes is not kept', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    const cache = createCountCache({ exactBelow: 1000, ttlMs: 10_000 })
    const count = counter(5000)
    await cache.get('all', count)
    vi.setSystemTime(Date.now() + 10_001)
    const stale = cache.get('all', count)
    cache.clear()
    expect(await stale).toBe(5000)
    await new Promise((resolve) => setTimeout(resolve, 0))
    await cache.get('all', count)
    expect(count).toHaveBeenCalledTimes(3)
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
