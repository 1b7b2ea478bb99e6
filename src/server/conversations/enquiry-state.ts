import { sql } from 'drizzle-orm'
import { subjectAvailable } from './conversation-subject.ts'

// Where an enquiry stands (docs/api.md, Conversations: state), from `conversation c` with its subject joined
// (conversation-subject.ts): computed in the statement that reads the conversation, from columns its writes keep.

/** The person who started the conversation: about a listing its seeker, about a room-wanted ad its poster. */
export const starter = sql`(case c.about when 'listing' then c.seeker_id else c.poster_id end)`
/** The person the conversation was started with: the listing's poster, the ad's seeker. */
export const contacted = sql`(case c.about when 'listing' then c.poster_id else c.seeker_id end)`

/** A viewing booked in the conversation and not cancelled, nor yet marked done or missed by the poster. */
const viewingBooked = sql`exists (select 1 from viewing v where v.conversation_id = c.id and v.status = 'booked')`

/**
 * The state, first match wins: declined (the person contacted said "not a fit"), taken (the subject is no longer on
 * offer: Not Available, hidden, paused or deleted), viewing, replied, read (the person contacted read it), sent.
 */
export const enquiryState = sql`case
    when c.declined_at is not null then 'declined'
    when not ${subjectAvailable} then 'taken'
    when ${viewingBooked} then 'viewing'
    when c.replied_at is not null then 'replied'
    when (select theirs.read_id from conversation_member theirs
      where theirs.conversation_id = c.id and theirs.user_id = ${contacted}) > 0 then 'read'
    else 'sent'
  end`
