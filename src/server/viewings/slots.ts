import { SLOT_DAYS, type ViewingException, type ViewingRule, type ViewingWindow } from '#shared/viewings.ts'
import { instantOf, isoInZone, localDay } from './zoned-time.ts'

export type ViewingTimes = {
  timeZone: string
  rules: ViewingRule[]
  exceptions: ViewingException[]
}

/** A slot as the server works with it: instants in ms, and what it was made from. */
export type SlotTime = { start: number; end: number; kind: ViewingWindow['kind']; capacity: number }

const DAY = 24 * 60 * 60 * 1000
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))
const dateOf = (day: number) => new Date(day).toISOString().slice(0, 10)
/** 1 Monday … 7 Sunday, of a UTC-midnight day. */
const weekdayOf = (day: number) => ((new Date(day).getUTCDay() + 6) % 7) + 1

/**
 * Every slot the times make from today to `SLOT_DAYS` days on, in the listing's zone (docs/decisions/094): a day
 * off drops the day's weekly windows; an extra window adds to them. Slots start at the window's start and every
 * `slotMinutes` of wall-clock time after it, and last `slotMinutes`; the last one ends by the window's end. A
 * start the clock skips (spring forward) is no slot; one it shows twice (fall back) is the first. Slots already
 * started are left out.
 */
export function slotsOf(times: ViewingTimes, now: number): SlotTime[] {
  const zone = times.timeZone
  const today = localDay(now, zone)
  const slots: SlotTime[] = []
  for (let day = today; day < today + SLOT_DAYS * DAY; day += DAY) {
    const date = dateOf(day)
    const forDay = times.exceptions.filter((exception) => exception.date === date)
    if (forDay.some((exception) => 'off' in exception)) continue
    const windows: ViewingWindow[] = [
      ...times.rules.filter((rule) => rule.weekday === weekdayOf(day)),
      ...forDay.flatMap((exception) => ('off' in exception ? [] : [exception])),
    ]
    for (const window of windows) {
      const to = minutesOf(window.to)
      for (let at = minutesOf(window.from); at + window.slotMinutes <= to; at += window.slotMinutes) {
        const start = instantOf(day + at * 60_000, zone)
        if (start === null || start <= now) continue
        const { kind, capacity } = window
        slots.push({ start, end: start + window.slotMinutes * 60_000, kind, capacity })
      }
    }
  }
  return slots.sort((a, b) => a.start - b.start)
}

/** A slot as the API answers it: its times in the zone, with their offset. */
export const slotAnswer = (slot: SlotTime, zone: string, booked: number) => ({
  start: isoInZone(slot.start, zone),
  end: isoInZone(slot.end, zone),
  kind: slot.kind,
  capacity: slot.capacity,
  free: Math.max(0, slot.capacity - booked),
})
