import { sql } from 'drizzle-orm'
import { BOOKING_LEAD_MS, type ViewingException, type ViewingRule } from '#shared/viewings.ts'
import type { Database } from '../db/client.ts'
import { prepareRaw } from '../db/prepare-raw.ts'
import { rowsOf } from '../db/sql.ts'
import { eitherBlocked } from '../conversations/blocks.ts'
import { viewerValues, visibleToViewer, type ListingViewer } from '../listings/listing-visibility.ts'
import { slotsOf } from './slots.ts'
import { onViewingChanged } from './viewing-changes.ts'

export type BookOutcome =
  | { outcome: 'booked'; id: string }
  | {
      outcome:
        | 'missing'
        | 'own'
        | 'unverified'
        | 'no-conversation'
        | 'blocked'
        | 'past'
        | 'too-soon'
        | 'not-a-slot'
        | 'already'
        | 'full'
    }

type Party = {
  ownerId: string
  title: string
  conversationId: string | null
  blocked: boolean
  verified: boolean
}

/**
 * Booking a viewing (docs/decisions/095). Who may book is read first; then, in one transaction holding the
 * listing's viewing-times row lock, the slot is checked against the times as they are and its places counted, so
 * bookings of one listing take their turns in every process and a slot never holds more than its capacity.
 */
export function createBookings(db: Database) {
  const partyOf = prepareRaw<Party>(
    db,
    'viewing_party',
    sql`select listing.owner_id as "ownerId", listing.title, c.id as "conversationId",
        ${eitherBlocked(sql`listing.owner_id`, sql.placeholder('viewerId'))} as blocked,
        (select email_verified from "user" where id = ${sql.placeholder('viewerId')}) as verified
      from listing
      left join conversation c on c.about = 'listing' and c.listing_id = listing.id
        and c.seeker_id = ${sql.placeholder('viewerId')}
      where listing.id = ${sql.placeholder('id')} and ${visibleToViewer}`,
  )

  return async function book(
    viewer: ListingViewer,
    listingId: string,
    start: number,
    now = Date.now(),
  ): Promise<BookOutcome> {
    const [party] = await partyOf({ id: listingId, ...viewerValues(viewer) })
    if (!party) return { outcome: 'missing' }
    if (party.ownerId === viewer.id) return { outcome: 'own' }
    if (!party.verified) return { outcome: 'unverified' }
    if (!party.conversationId) return { outcome: 'no-conversation' }
    if (party.blocked) return { outcome: 'blocked' }
    if (start <= now) return { outcome: 'past' }
    if (start < now + BOOKING_LEAD_MS) return { outcome: 'too-soon' }
    const conversationId = party.conversationId

    return db.transaction(async (tx): Promise<BookOutcome> => {
      const [times] = await rowsOf<{
        timeZone: string
        meetingPoint: string
        videoLink: string | null
        rules: ViewingRule[]
        exceptions: ViewingException[]
      }>(
        tx,
        sql`select time_zone as "timeZone", meeting_point as "meetingPoint", video_link as "videoLink", rules,
            exceptions
          from viewing_times where listing_id = ${listingId} for update`,
      )
      const slot = times && slotsOf(times, now).find((candidate) => candidate.start === start)
      if (!times || !slot) return { outcome: 'not-a-slot' }
      const [counts] = await rowsOf<{ taken: number; mine: number }>(
        tx,
        sql`select count(*) filter (where start = ${new Date(start)})::int as taken,
            count(*) filter (where seeker_id = ${viewer.id} and "end" > now())::int as mine
          from viewing where listing_id = ${listingId} and status = 'booked'`,
      )
      if (counts!.mine > 0) return { outcome: 'already' }
      if (counts!.taken >= slot.capacity) return { outcome: 'full' }
      const place = slot.kind === 'video' ? (times.videoLink ?? '') : times.meetingPoint
      const [inserted] = await rowsOf<{ id: string }>(
        tx,
        sql`insert into viewing (listing_id, listing_title, conversation_id, seeker_id, poster_id, start, "end",
            time_zone, kind, place)
          values (${listingId}, ${party.title}, ${conversationId}, ${viewer.id}, ${party.ownerId},
            ${new Date(slot.start)}, ${new Date(slot.end)}, ${times.timeZone}, ${slot.kind}, ${place})
          returning id`,
      )
      await onViewingChanged(tx, { id: inserted!.id, conversationId }, 'booked', viewer.id)
      return { outcome: 'booked', id: inserted!.id }
    })
  }
}
