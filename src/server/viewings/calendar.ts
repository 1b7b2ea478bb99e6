import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator'
import type { ViewingRow } from './viewing-row.ts'

export type CalendarMethod = 'REQUEST' | 'CANCEL'

/**
 * A viewing's iCalendar file (RFC 5545), written by ical-generator: one UID per viewing, its SEQUENCE the
 * viewing's (raised by every change), METHOD:CANCEL once it is cancelled. LOCATION is the meeting point or the video
 * link as booked: the file goes to the two people only.
 */
export function calendarFile(row: ViewingRow, baseUrl: string): { method: CalendarMethod; content: string } {
  const method: CalendarMethod = row.status === 'cancelled' ? 'CANCEL' : 'REQUEST'
  const host = new URL(baseUrl).hostname
  const calendar = ical({
    prodId: { company: 'Nestmate', product: 'viewings', language: 'EN' },
    method: method === 'CANCEL' ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST,
  })
  const late = row.lateMinutes ? ` Running ${row.lateMinutes} minutes late.` : ''
  calendar.createEvent({
    id: `viewing-${row._id}@${host}`,
    sequence: row.sequence,
    start: new Date(row.startMs),
    end: new Date(row.endMs),
    stamp: new Date(),
    summary: `Viewing: ${row.listingTitle}`,
    location: row.place || null,
    description: `${row.kind === 'video' ? 'Video viewing' : 'Viewing'} of “${row.listingTitle}” with ${
      row.seekerName ?? 'a deleted account'
    } and ${row.posterName ?? 'a deleted account'}.${late}`,
    status: method === 'CANCEL' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  })
  return { method, content: calendar.toString() }
}
