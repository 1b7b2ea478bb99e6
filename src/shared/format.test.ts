import { describe, expect, test } from 'vitest'
import { confirmedAgo, daysBefore } from './format.ts'

// Local times (new Date(y, m, d, h, min)) so the day boundaries are the reader's midnight in any time zone.
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute)

describe('confirmedAgo', () => {
  test('counts calendar days on the reader’s clock, not 24-hour spans', () => {
    expect(confirmedAgo(at(27, 0, 1).toISOString(), at(27, 23, 59))).toBe('Confirmed today')
    // Five minutes across midnight is yesterday; 47 hours within two dates is yesterday too.
    expect(confirmedAgo(at(26, 23, 55).toISOString(), at(27, 0, 0))).toBe('Confirmed yesterday')
    expect(confirmedAgo(at(26, 0, 1).toISOString(), at(27, 23, 59))).toBe('Confirmed yesterday')
    expect(confirmedAgo(at(25, 23, 59).toISOString(), at(27, 0, 0))).toBe('Confirmed 2 days ago')
    expect(confirmedAgo(at(1, 12).toISOString(), at(27, 9).getTime())).toBe('Confirmed 26 days ago')
  })

  test('takes its clock from the caller', () => {
    const confirmedAt = at(20, 10).toISOString()
    expect(confirmedAgo(confirmedAt, at(20, 11))).toBe('Confirmed today')
    expect(confirmedAgo(confirmedAt, at(27, 11))).toBe('Confirmed 7 days ago')
  })

  test('a confirmation stamped a little after the reader’s clock is today', () => {
    expect(confirmedAgo(at(27, 12, 1).toISOString(), at(27, 12))).toBe('Confirmed today')
    expect(daysBefore(at(28, 1), at(27, 23))).toBe(0)
  })

  test('a month with a clock change in it still counts whole days', () => {
    // Across the northern and southern daylight-saving changes of the year.
    expect(daysBefore(new Date(2026, 2, 1, 12), new Date(2026, 3, 30, 12))).toBe(60)
    expect(daysBefore(new Date(2026, 9, 1, 0, 30), new Date(2026, 10, 30, 23, 30))).toBe(60)
  })
})
