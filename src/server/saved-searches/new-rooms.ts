import { sql, type SQL } from 'drizzle-orm'
import { listing } from '../db/schema/index.ts'
import { shownToEveryone } from '../listings/listing-visibility.ts'
import { LIVE_CHANNEL } from '../live/live-events.ts'

// The rooms new to a saved search (docs/decisions/100): its hits matched after its owner last opened it, among the
// listings still shown to everyone (one moderation hid after it matched is gone). The dashboard's counts, the live
// badge and the "New" labels of an opened search all read this one rule.

/** The rooms new to saved search `s` (the alias the statement gives it): `listing_id`, and `matched_at`. */
export const newRoomsOf = (since: SQL = sql`s.seen_at`) =>
  sql`select h.listing_id, h.created_at as matched_at
    from saved_search_hit h join ${listing} on ${listing.id} = h.listing_id
    where h.search_id = s.id and h.created_at > ${since} and ${shownToEveryone}`

/** How many rooms are new to saved search `s`. */
export const newRoomsCount = sql`(select count(*)::int from (${newRoomsOf()}) new_rooms)`

/**
 * Tells person `userId`'s open pages (the live channel) that their saved searches' new rooms changed; each
 * process reads the count for its own streams.
 */
export const notifyNewRooms = (userId: SQL) =>
  sql`pg_notify(${LIVE_CHANNEL}, json_build_object('t', 'n', 'u', json_build_array(${userId}))::text)`
