import type { EnquiryState } from '#shared/conversations.ts'

/** Where an enquiry stands, in words: for the person who sent it, and the same facts for the one who got it. */
const MINE: Record<EnquiryState, string> = {
  sent: 'Sent, not read yet',
  read: 'Read, no reply yet',
  replied: 'Replied',
  viewing: 'Viewing booked',
  declined: 'Declined',
  taken: 'Room taken',
}

/** The person contacted sees only what closed the conversation. */
const THEIRS: Partial<Record<EnquiryState, string>> = {
  viewing: 'Viewing booked',
  declined: 'You said it’s not a fit',
  taken: 'No longer available',
}

export function enquiryWords(
  conversation: { state: EnquiryState; startedByMe: boolean },
  subjectKind?: 'listing' | 'seekerAd',
): string | undefined {
  if (conversation.state === 'taken' && subjectKind === 'seekerAd')
    return conversation.startedByMe ? 'Ad closed' : THEIRS.taken
  return conversation.startedByMe ? MINE[conversation.state] : THEIRS[conversation.state]
}
