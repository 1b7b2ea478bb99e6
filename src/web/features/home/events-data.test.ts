import { describe, expect, test } from 'vitest'
import { EVENTS, nextOccurrence } from './events-data.ts'

describe('nextOccurrence', () => {
  test('an event later this year is this year', () => {
    expect(nextOccurrence({ month: 8, day: 29 }, '2026-03-01')).toBe('2026-08-29')
  })
  test('an event today is today', () => {
    expect(nextOccurrence({ month: 11, day: 22 }, '2026-11-22')).toBe('2026-11-22')
  })
  test('an event that has passed this year is next year', () => {
    expect(nextOccurrence({ month: 11, day: 21 }, '2026-11-22')).toBe('2027-11-21')
    expect(nextOccurrence({ month: 1, day: 1 }, '2026-12-31')).toBe('2027-01-01')
  })
  test('no event is ever shown on a day before today', () => {
    for (const today of ['2026-01-01', '2026-08-30', '2026-11-22', '2027-12-31'])
      for (const event of EVENTS) expect(nextOccurrence(event, today) >= today).toBe(true)
  })
})
