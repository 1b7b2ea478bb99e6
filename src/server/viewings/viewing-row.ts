import { sql } from 'drizzle-orm'
import type { Viewing } from '#shared/viewings.ts'
import { isoInZone } from './zoned-time.ts'

/** A viewing as its statements read it: the answer's fields, its instants in ms, and the place as kept. */
export type ViewingRow = Omit<
  Viewing,
  'start' | 'end' | 'seeker' | 'poster' | 'meetingPoint' | 'videoLink'
> & {
  startMs: number
  endMs: number
  place: string
  sequence: number
  seekerId: string | null
  seekerName: string | null
  seekerPhoto: string | null
  seekerEmail: string | null
  seekerVerified: boolean | null
  posterId: string | null
  posterName: string | null
  posterPhoto: string | null
  posterEmail: string | null
  posterVerified: boolean | null
  createdMs: number
}

/** The columns of `ViewingRow`, from `viewing v` joined to its two people as `s` and `p`. */
export const viewingColumns = sql`v.id as "_id", v.listing_id as "listingId", v.listing_title as "listingTitle",
  extract(epoch from v.start)::float8 * 1000 as "startMs", extract(epoch from v."end")::float8 * 1000 as "endMs",
  v.time_zone as "timeZone", v.kind, v.status, v.conversation_id as "conversationId", v.place,
  v.cancelled_by as "cancelledBy", v.cancel_reason as "cancelReason", v.late_minutes as "lateMinutes",
  v.sequence, v.seeker_id as "seekerId", s.name as "seekerName", s.image as "seekerPhoto", s.email as "seekerEmail",
  s.email_verified as "seekerVerified", p.email_verified as "posterVerified",
  extract(epoch from v.created_at)::float8 * 1000 as "createdMs",
  v.poster_id as "posterId", p.name as "posterName", p.image as "posterPhoto", p.email as "posterEmail"`

export const viewingFrom = sql`viewing v left join "user" s on s.id = v.seeker_id
  left join "user" p on p.id = v.poster_id`

const person = (id: string | null, name: string | null, photo: string | null) => ({
  id,
  name: name ?? 'A deleted account',
  photo: photo ?? '',
})

/**
 * The viewing as the API answers it, to one of its two people (only they ever read one): the meeting point or
 * the video link with it.
 */
export function viewingAnswer(row: ViewingRow): Viewing {
  return {
    _id: row._id,
    listingId: row.listingId,
    listingTitle: row.listingTitle,
    start: isoInZone(row.startMs, row.timeZone),
    end: isoInZone(row.endMs, row.timeZone),
    timeZone: row.timeZone,
    kind: row.kind,
    status: row.status,
    seeker: person(row.seekerId, row.seekerName, row.seekerPhoto),
    poster: person(row.posterId, row.posterName, row.posterPhoto),
    conversationId: row.conversationId,
    ...(row.kind === 'video' ? { videoLink: row.place } : { meetingPoint: row.place }),
    cancelledBy: row.cancelledBy,
    cancelReason: row.cancelReason,
    lateMinutes: row.lateMinutes,
  }
}
