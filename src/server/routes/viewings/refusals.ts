import type { BookOutcome } from '../../viewings/bookings.ts'

export const VIEWING_NOT_FOUND = 'Viewing not found.'

/** Each refused booking's status and message (docs/api.md, Viewings). */
export const BOOKING_REFUSALS: Record<Exclude<BookOutcome['outcome'], 'booked'>, [number, string]> = {
  missing: [404, 'Listing not found.'],
  own: [403, 'You can’t book a viewing of your own listing.'],
  unverified: [403, 'Verify your e-mail address to book a viewing.'],
  'no-conversation': [403, 'Write to the poster about this listing before booking a viewing.'],
  blocked: [403, 'You can’t book a viewing with this person.'],
  past: [400, 'start: that time has passed.'],
  'too-soon': [400, 'start: book at least an hour ahead.'],
  'not-a-slot': [400, 'start: that is not the start of one of this listing’s viewing slots.'],
  already: [409, 'You already have an upcoming viewing of this listing.'],
  full: [409, 'That slot is full; pick another.'],
}

export const CHANGE_REFUSALS = {
  cancel: 'Only a booked viewing that hasn’t started can be cancelled.',
  late: 'You can say you’re running late from two hours before a booked viewing until it starts.',
  outcome: 'The outcome of a viewing can be recorded once it has ended (not after a cancellation).',
  posterOnly: 'Only the poster records the outcome of a viewing.',
}

export const SHARE_REFUSALS = {
  seekerOnly: 'Only the person going to the viewing can share it.',
  refused: 'Only a booked viewing can be shared, until the day after it.',
  gone: 'This link doesn’t work any more: it was turned off, or the viewing is over.',
}
