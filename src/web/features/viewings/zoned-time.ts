// Viewing times read in the listing's zone, whatever the reader's own: a slot at 10:00 in Berlin says 10:00.

const dayFormat = (zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, weekday: 'long', day: 'numeric', month: 'long' })
const clockFormat = (zone: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: zone, hour: '2-digit', minute: '2-digit' })

/** "Saturday 5 December" in the zone. */
export const dayIn = (iso: string, zone: string) => dayFormat(zone).format(new Date(iso))

/** "10:30" in the zone. */
export const clockIn = (iso: string, zone: string) => clockFormat(zone).format(new Date(iso))

/** "Saturday 5 December, 10:00–10:30". */
export const spanIn = (start: string, end: string, zone: string) =>
  `${dayIn(start, zone)}, ${clockIn(start, zone)}–${clockIn(end, zone)}`

/** The zone as people read it: "Europe/Berlin" becomes "Europe/Berlin time". */
export const zoneWords = (zone: string) => `${zone.replaceAll('_', ' ')} time`

/** Items grouped by their day in the zone, in the order given. */
export function byDay<T>(items: T[], startOf: (item: T) => string, zone: string) {
  const days = new Map<string, T[]>()
  for (const item of items) {
    const day = dayIn(startOf(item), zone)
    days.set(day, [...(days.get(day) ?? []), item])
  }
  return [...days]
}
