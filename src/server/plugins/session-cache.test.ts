import { afterEach, expect, test, vi } from 'vitest'
import { createSessionCache } from './session-cache.ts'

afterEach(() => vi.useRealTimers())
const inAnHour = () => new Date(Date.now() + 3_600_000)

test('keeps a session for the TTL, and never past the session’s own expiry', () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  const cache = createSessionCache<string>({ ttlMs: 10_000 })
  cache.set('long', 'alice', inAnHour(), cache.generation())
  cache.set('ending', 'bob', new Date(Date.now() + 2_000), cache.generation())
  expect(cache.get('long')).toBe('alice')
  expect(cache.get('ending')).toBe('bob')
  vi.setSystemTime(Date.now() + 2_001)
  expect(cache.get('ending')).toBeUndefined()
  expect(cache.get('long')).toBe('alice')
  vi.setSystemTime(Date.now() + 8_000)
  expect(cache.get('long')).toBeUndefined()
})

test('a lookup that began before a clear (a sign-out) does not store what it found', () => {
  const cache = createSessionCache<string>()
  const since = cache.generation()
  cache.clear()
  cache.set('cookie', 'alice', inAnHour(), since)
  expect(cache.get('cookie')).toBeUndefined()
  cache.set('cookie', 'alice', inAnHour(), cache.generation())
  expect(cache.get('cookie')).toBe('alice')
  cache.clear()
  expect(cache.get('cookie')).toBeUndefined()
})

test('holds at most maxEntries, dropping the oldest', () => {
  const cache = createSessionCache<number>({ maxEntries: 2 })
  for (const n of [1, 2, 3]) cache.set(`c${n}`, n, inAnHour(), cache.generation())
  expect([cache.get('c1'), cache.get('c2'), cache.get('c3')]).toEqual([undefined, 2, 3])
})
