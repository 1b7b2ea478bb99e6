import { expect, test } from 'vitest'
import { isoInZone, offsetMinutes } from './zoned-time.ts'

// The offsets are kept per zone and hour (zoned-time.ts): they must stay exactly Intl's, also in an hour with a
// change inside it that does not fall on a UTC hour (Newfoundland's at 02:00 local, 05:30 UTC; Lord Howe's
// half-hour change).

/** Intl's own answer, asked afresh: the zone's wall clock at `instant` less the instant, in minutes. */
function intlOffset(instant: number, zone: string) {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      ...{ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
    })
      .formatToParts(instant)
      .map((part) => [part.type, Number(part.value)]),
  )
  const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!)
  return Math.round((wall - Math.floor(instant / 60_000) * 60_000) / 60_000)
}

test.each([
  ['America/St_Johns', '2027-03-14T00:00:00Z'],
  ['America/St_Johns', '2027-11-07T00:00:00Z'],
  ['Australia/Lord_Howe', '2027-04-03T12:00:00Z'],
  ['Europe/Berlin', '2027-03-28T00:00:00Z'],
])('%s around %s: every 5 minutes for a day, the offset Intl gives', (zone, from) => {
  const start = Date.parse(from)
  const offsets = new Set<number>()
  for (let instant = start; instant < start + 24 * 3600_000; instant += 5 * 60_000) {
    expect(offsetMinutes(instant, zone), new Date(instant).toISOString()).toBe(intlOffset(instant, zone))
    offsets.add(offsetMinutes(instant, zone))
  }
  // The day holds the change: two offsets.
  expect(offsets.size).toBe(2)
  expect(isoInZone(start, zone)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/)
})
