import type { EventType, MessageEvent } from '#shared/conversations.ts'

/** What each event says in the conversation and the inbox (the subject's kind changes "room" for an ad). */
const WORDS: Record<EventType, { title: string; detail?: string }> = {
  viewing_booked: { title: 'Viewing booked' },
  viewing_cancelled: { title: 'Viewing cancelled' },
  viewing_late: { title: 'Running late for the viewing' },
  viewing_outcome: { title: 'Viewing marked as over' },
  declined: {
    title: 'Declined',
    detail: 'Not a fit. Neither of you can send new messages; both can read this.',
  },
  room_taken: { title: 'Room taken', detail: 'This room is no longer available.' },
  moved_in: { title: 'Moved in', detail: 'Marked as moved in together, for the other to confirm.' },
  moved_in_confirmed: {
    title: 'Move-in confirmed',
    detail: 'You can now review each other, once, within 60 days.',
  },
}

const AD_GONE = { title: 'Ad closed', detail: 'This room-wanted ad is no longer up.' }

export function eventWords(event: MessageEvent, subjectKind?: 'listing' | 'seekerAd') {
  if (event.type === 'room_taken' && subjectKind === 'seekerAd') return AD_GONE
  return WORDS[event.type]
}
