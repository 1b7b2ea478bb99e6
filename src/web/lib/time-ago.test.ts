import { expect, test } from 'vitest'
import { timeAgo } from './time-ago.ts'

const now = Date.parse('2026-11-23T12:00:00.000Z')
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString()

test('says how long ago in the largest whole unit', () => {
  expect(timeAgo(ago(5), now)).toBe('just now')
  expect(timeAgo(ago(60), now)).toBe('1 minute ago')
  expect(timeAgo(ago(5 * 60 + 59), now)).toBe('5 minutes ago')
  expect(timeAgo(ago(2 * 3600), now)).toBe('2 hours ago')
  expect(timeAgo(ago(24 * 3600), now)).toBe('yesterday')
  expect(timeAgo(ago(3 * 7 * 24 * 3600), now)).toBe('3 weeks ago')
  expect(timeAgo(ago(400 * 24 * 3600), now)).toBe('last year')
})

test('a time slightly in the future (clock skew) is just now', () => {
  expect(timeAgo(ago(-30), now)).toBe('just now')
})
