import { and, eq, sql } from 'drizzle-orm'
import { SLOT_DAYS, type ViewingTimesInput } from '#shared/viewings.ts'
import type { Database } from '../db/client.ts'
import { listing, viewingTimes } from '../db/schema/index.ts'
import { rowsOf } from '../db/sql.ts'
import { viewerValues, visibleToViewer, type ListingViewer } from '../listings/listing-visibility.ts'
import { slotAnswer, slotsOf } from './slots.ts'

const DAY = 24 * 60 * 60 * 1000

/** A listing's viewing times: the owner writes them, whoever may read the listing reads its slots. */
export function createViewingTimesRepository(db: Database) {
  const timesOf = db
    .select({
      ownerId: listing.ownerId,
      timeZone: viewingTimes.timeZone,
      meetingPoint: viewingTimes.meetingPoint,
      videoLink: viewingTimes.videoLink,
      rules: viewingTimes.rules,
      exceptions: viewingTimes.exceptions,
    })
    .from(listing)
    .leftJoin(viewingTimes, eq(viewingTimes.listingId, listing.id))
    .where(and(eq(listing.id, sql.placeholder('id')), visibleToViewer))
    .prepare('viewing_times_of')

  /** How many places are taken, per slot start (ms), of the listing's slots from now on. */
  async function taken(listingId: string, now: number) {
    const rows = await rowsOf<{ startMs: number; booked: number }>(
      db,
      sql`select extract(epoch from start)::float8 * 1000 as "startMs", count(*)::int as booked from viewing
        where listing_id = ${listingId} and status = 'booked'
          and start > ${new Date(now)} and start < ${new Date(now + (SLOT_DAYS + 1) * DAY)}
        group by start`,
    )
    return new Map(rows.map((row) => [row.startMs, row.booked]))
  }

  return {
    /**
     * The slots of the next 21 days and how many places each has left; to the owner also the times as saved.
     * Undefined: no listing the viewer may read. A listing without times has no slots (in UTC until it has).
     */
    async read(listingId: string, viewer: ListingViewer, now = Date.now()) {
      const [row] = await timesOf.execute({ id: listingId, ...viewerValues(viewer) })
      if (!row) return undefined
      const isOwner = row.ownerId === viewer.id
      if (row.timeZone === null) return { timeZone: 'UTC', slots: [] }
      const times = { timeZone: row.timeZone, rules: row.rules ?? [], exceptions: row.exceptions ?? [] }
      const booked = await taken(listingId, now)
      const slots = slotsOf(times, now).map((slot) =>
        slotAnswer(slot, times.timeZone, booked.get(slot.start) ?? 0),
      )
      return {
        timeZone: times.timeZone,
        slots,
        ...(isOwner && { ...times, meetingPoint: row.meetingPoint ?? '', videoLink: row.videoLink }),
      }
    },

    /**
     * Saves the owner's times (the route checked the owner; the write matches them again). Taken under the row
     * lock bookings take (decision 095), so a booking reads the times before or after, never half of them.
     * False: no listing of this owner.
     */
    async write(listingId: string, ownerId: string, times: ViewingTimesInput): Promise<boolean> {
      const rows = await rowsOf<{ listingId: string }>(
        db,
        sql`insert into viewing_times (listing_id, time_zone, meeting_point, video_link, rules, exceptions)
          select id, ${times.timeZone}, ${times.meetingPoint}, ${times.videoLink},
            ${JSON.stringify(times.rules)}::jsonb, ${JSON.stringify(times.exceptions)}::jsonb
          from listing where id = ${listingId} and owner_id = ${ownerId}
          on conflict (listing_id) do update set time_zone = excluded.time_zone,
            meeting_point = excluded.meeting_point, video_link = excluded.video_link, rules = excluded.rules,
            exceptions = excluded.exceptions, updated_at = now()
          returning listing_id as "listingId"`,
      )
      return rows.length > 0
    },
  }
}

export type ViewingTimesRepository = ReturnType<typeof createViewingTimesRepository>
