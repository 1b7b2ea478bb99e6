import { afterEach, expect, test, vi } from 'vitest'
import { createSessionCache } from './session-cache.ts'

afterEach(() => vi.useRealTimers())
const inAnHour = () => Date.now() + 3_600_000

/** A session lookup that finds `value` until `endsAt` (or nothing) and counts its calls. */
const lookup = <T>(value: T | null, endsAt = inAnHour()) =>
  vi.fn(async () => (value === null ? null : { value, endsAt }))

/** The user a cookie resolves to through the cache, or null. */
const userOf = async <T>(
  cache: ReturnType<typeof createSessionCache<T>>,
  cookie: string,
  find: () => Promise<{ value: T; endsAt: number } | null>,
) => (await cache.get(cookie, find))?.value ?? null

test('keeps a session for the TTL, and never past the session’s own end', async () => {
  vi.useFakeTimers({ toFake: ['Date'] })
  const cache = createSessionCache<string>({ ttlMs: 10_000 })
  const alice = lookup('alice')
  const bob = lookup('bob', Date.now() + 2_000)
  expect(await userOf(cache, 'long', alice)).toBe('alice')
  expect(await userOf(cache, 'ending', bob)).toBe('bob')
  vi.setSystemTime(Date.now() + 2_001)
  expect(await userOf(cache, 'ending', bob)).toBe('bob')
  expect(bob).toHaveBeenCalledTimes(2)
  expect(await userOf(cache, 'long', alice)).toBe('alice')
  expect(alice).toHaveBeenCalledTimes(1)
  vi.setSystemTime(Date.now() + 8_000)
  await userOf(cache, 'long', alice)
  expect(alice).toHaveBeenCalledTimes(2)
})

test('a cookie whose lookup found nothing is looked up again every time', async () => {
  const cache = createSessionCache<string>()
  const nobody = lookup<string>(null)
  expect(await userOf(cache, 'forged', nobody)).toBeNull()
  expect(await userOf(cache, 'forged', nobody)).toBeNull()
  expect(nobody).toHaveBeenCalledTimes(2)
})

test('requests with the same cookie at once share one lookup', async () => {
  const cache = createSessionCache<string>()
  const alice = lookup('alice')
  expect(
    await Promise.all([userOf(cache, 'c', alice), userOf(cache, 'c', alice), userOf(cache, 'c', alice)]),
  ).toEqual(['alice', 'alice', 'alice'])
  expect(alice).toHaveBeenCalledTimes(1)
})

test('a lookup that began before a clear (a sign-out) is not kept, nor shared with a request after it', async () => {
  const cache = createSessionCache<string>()
  let release!: () => void
  const held = vi.fn(async () => {
    await new Promise<void>((resolve) => (release = resolve))
    return { value: 'alice', endsAt: inAnHour() }
  })
  const before = userOf(cache, 'cookie', held)
  cache.clear()
  const signedOut = lookup<string>(null)
  const after = userOf(cache, 'cookie', signedOut)
  release()
  expect(await before).toBe('alice')
  expect(await after).toBeNull()
  const again = lookup<string>(null)
  expect(await userOf(cache, 'cookie', again)).toBeNull()
  expect(again).toHaveBeenCalledTimes(1)
})

test('holds at most maxEntries, dropping the oldest', async () => {
  const cache = createSessionCache<number>({ maxEntries: 2 })
  const lookups = [1, 2, 3].map((n) => lookup(n))
  for (const [i, found] of lookups.entries()) await userOf(cache, `c${i + 1}`, found)
  await userOf(cache, 'c3', lookups[2]!)
  await userOf(cache, 'c2', lookups[1]!)
  await userOf(cache, 'c1', lookups[0]!)
  expect(lookups.map((found) => found.mock.calls.length)).toEqual([2, 1, 1])
})
