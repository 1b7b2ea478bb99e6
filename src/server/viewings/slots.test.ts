import { describe, expect, test } from 'vitest'
import type { ViewingRule } from '#shared/viewings.ts'
import { slotAnswer, slotsOf } from './slots.ts'

// The slot model (docs/decisions/094): windows are wall-clock times in the listing's zone, so a Sunday 10:00 is
// 10:00 on both sides of a daylight-saving change, and the hour a change skips or repeats is handled.

const sunday = (from: string, to: string, slotMinutes = 60): ViewingRule => ({
  weekday: 7,
  from,
  to,
  slotMinutes,
  capacity: 2,
  kind: 'in_person',
})
const starts = (timeZone: string, rules: ViewingRule[], now: string, exceptions = []) =>
  slotsOf({ timeZone, rules, exceptions }, Date.parse(now)).map((slot) => slotAnswer(slot, timeZone, 0).start)

// `night`: the starts a Sunday 01:00–04:00 window of hourly slots gives on the day of the change.
describe.each([
  {
    ...{ zone: 'Europe/Berlin', before: '+01:00', after: '+02:00', change: '2027-03-28', week: '2027-03-21' },
    night: ['01:00:00+01:00', '03:00:00+02:00'],
  },
  {
    ...{ zone: 'Europe/Berlin', before: '+02:00', after: '+01:00', change: '2027-10-31', week: '2027-10-24' },
    night: ['01:00:00+02:00', '02:00:00+02:00', '03:00:00+01:00'],
  },
  {
    ...{
      zone: 'America/New_York',
      before: '-05:00',
      after: '-04:00',
      change: '2027-03-14',
      week: '2027-03-07',
    },
    night: ['01:00:00-05:00', '03:00:00-04:00'],
  },
  {
    ...{
      zone: 'America/New_York',
      before: '-04:00',
      after: '-05:00',
      change: '2027-11-07',
      week: '2027-10-31',
    },
    night: ['01:00:00-04:00', '02:00:00-05:00', '03:00:00-05:00'],
  },
])('$zone on $change', ({ zone, before, after, change, week, night }) => {
  test('a Sunday 10:00 is 10:00 local on both sides of the change', () => {
    const slots = starts(zone, [sunday('10:00', '11:00')], `${week}T00:00:00Z`)
    expect(slots.slice(0, 2)).toEqual([`${week}T10:00:00${before}`, `${change}T10:00:00${after}`])
  })

  test('the hour the change skips has no slot; the hour it repeats has one, the first', () => {
    const slots = starts(zone, [sunday('01:00', '04:00')], `${change}T00:00:00${before}`)
    expect(slots.filter((start) => start.startsWith(change))).toEqual(
      night.map((time) => `${change}T${time}`),
    )
  })
})

test('21 days of slots from today in the zone; a day off drops a day, an extra window adds one', () => {
  const rules = [sunday('10:00', '12:00', 30)]
  const now = '2027-01-04T09:00:00Z' // a Monday
  const all = starts('Europe/Berlin', rules, now)
  expect(all).toHaveLength(3 * 4)
  const fewer = slotsOf(
    {
      timeZone: 'Europe/Berlin',
      rules,
      exceptions: [
        { date: '2027-01-10', off: true },
        { date: '2027-01-05', from: '18:00', to: '19:00', slotMinutes: 60, capacity: 1, kind: 'video' },
      ],
    },
    Date.parse(now),
  ).map((slot) => slotAnswer(slot, 'Europe/Berlin', 1))
  expect(fewer[0]).toEqual({
    start: '2027-01-05T18:00:00+01:00',
    end: '2027-01-05T19:00:00+01:00',
    kind: 'video',
    capacity: 1,
    free: 0,
  })
  expect(fewer.filter((slot) => slot.start.startsWith('2027-01-10'))).toEqual([])
  expect(fewer).toHaveLength(1 + 2 * 4)
})
