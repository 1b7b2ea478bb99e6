import { describe, expect, test } from 'vitest'
import { tryAgainIn } from './retry-after.ts'

describe('tryAgainIn', () => {
  test('seconds', () => {
    expect(tryAgainIn('42')).toBe('Try again in 42 seconds.')
    expect(tryAgainIn('1')).toBe('Try again now.')
  })
  test('minutes, rounded up', () => {
    expect(tryAgainIn('60')).toBe('Try again in a minute.')
    expect(tryAgainIn('61')).toBe('Try again in 2 minutes.')
    expect(tryAgainIn('900')).toBe('Try again in 15 minutes.')
  })
  test('an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z')
    expect(tryAgainIn('Sun, 22 Nov 2026 10:05:00 GMT', now)).toBe('Try again in 5 minutes.')
  })
  test('no usable header says later', () => {
    expect(tryAgainIn(null)).toBe('Try again later.')
    expect(tryAgainIn('soon')).toBe('Try again later.')
  })
})
