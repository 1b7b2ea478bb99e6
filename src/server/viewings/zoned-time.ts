// Wall-clock times in an IANA zone, through Intl alone: the slot model (docs/decisions/094) turns a window's
// local times into instants and back, right across a daylight-saving change.

const formats = new Map<string, Intl.DateTimeFormat>()
const formatOf = (zone: string) => {
  let format = formats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      ...{ year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' },
      second: '2-digit',
    })
    formats.set(zone, format)
  }
  return format
}

/** The wall clock in `zone` at `instant` (whole seconds), as if it were UTC (milliseconds), from Intl itself. */
function formattedWallClock(instant: number, zone: string): number {
  const parts: Record<string, number> = {}
  for (const part of formatOf(zone).formatToParts(instant)) parts[part.type] = Number(part.value)
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!)
}

const exactOffset = (whole: number, zone: string) =>
  Math.round((formattedWallClock(whole, zone) - whole) / 60_000)

// Intl's formatToParts is the costly step (a listing's 21 days of slots asked it about 500 times a request). A
// zone's offset is the same for a whole hour unless a change falls inside it, so it is kept per zone and hour:
// the offsets at the hour's first and last second, when equal, hold for every second between (two changes within
// one hour don't happen); an hour with a change inside is asked of Intl each time.
const HOUR = 60 * 60 * 1000
const hourOffsets = new Map<string, number | null>()
const MAX_HOURS_KEPT = 100_000

/** How far `zone` is ahead of UTC at `instant`, in minutes. */
export function offsetMinutes(instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000
  const hour = Math.floor(whole / HOUR)
  const key = `${zone} ${hour}`
  let kept = hourOffsets.get(key)
  if (kept === undefined) {
    const first = exactOffset(hour * HOUR, zone)
    kept = first === exactOffset(hour * HOUR + HOUR - 1000, zone) ? first : null
    if (hourOffsets.size >= MAX_HOURS_KEPT) hourOffsets.clear()
    hourOffsets.set(key, kept)
  }
  return kept ?? exactOffset(whole, zone)
}

/** The wall clock in `zone` at `instant`, as if it were UTC (milliseconds, whole seconds). */
function wallClock(instant: number, zone: string): number {
  const whole = Math.floor(instant / 1000) * 1000
  return whole + offsetMinutes(whole, zone) * 60_000
}

const DAY = 24 * 60 * 60 * 1000

/**
 * The instant a wall-clock time (given as if UTC, in ms) shows in `zone`: the earlier one when the clock shows it
 * twice (the hour after a fall-back), null when it never shows it (the hour a spring-forward skips). Offsets a
 * day either side are the two a change can be between.
 */
export function instantOf(wall: number, zone: string): number | null {
  const candidates = [wall - DAY, wall + DAY].map((probe) => wall - offsetMinutes(probe, zone) * 60_000)
  const real = candidates.filter((instant) => wallClock(instant, zone) === wall)
  return real.length === 0 ? null : Math.min(...real)
}

/** `2027-03-28T10:00:00+02:00`: the instant as `zone`'s wall clock with its offset. */
export function isoInZone(instant: number, zone: string): string {
  const offset = offsetMinutes(instant, zone)
  const local = new Date(instant + offset * 60_000).toISOString().slice(0, 19)
  const sign = offset < 0 ? '-' : '+'
  const abs = Math.abs(offset)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${local}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`
}

/** Today's date in `zone` at `instant`, as a UTC midnight (ms). */
export function localDay(instant: number, zone: string): number {
  const wall = wallClock(instant, zone)
  return wall - (wall % DAY)
}
