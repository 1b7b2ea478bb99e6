import { SLOT_DAYS, type ViewingException, type ViewingRule } from '../src/shared/viewings.ts'
import { slotAnswer, slotsOf } from '../src/server/viewings/slots.ts'
import { sql, type Answer, type Queryable } from './reference-sql.ts'

// Reference 1's viewing times: the same two reads as Nestmate's (the times with the listing's visibility, then the
// places taken per slot), through raw pg, and the same slot arithmetic (src/server/viewings/slots.ts), so the ratio
// measures what the app adds around them.

const DAY = 24 * 60 * 60 * 1000

const TIMES = `select l.owner_id as "ownerId", t.time_zone as "timeZone", t.meeting_point as "meetingPoint",
    t.video_link as "videoLink", t.rules, t.exceptions
  from listing l left join viewing_times t on t.listing_id = l.id
  where l.id = $1 and (l.hidden_reason is null or l.owner_id = $2)`

const TAKEN = `select extract(epoch from start)::float8 * 1000 as "startMs", count(*)::int as booked from viewing
  where listing_id = $1 and status = 'booked' and start > $2 and start < $3 group by start`

type TimesRow = {
  ownerId: string
  timeZone: string | null
  meetingPoint: string | null
  videoLink: string | null
  rules: ViewingRule[] | null
  exceptions: ViewingException[] | null
}

export async function viewingTimes(pool: Queryable, id: string, userId: string): Promise<Answer> {
  const now = Date.now()
  const [row] = (await sql(pool, TIMES, [id, userId])).rows as TimesRow[]
  if (!row) return { status: 404, body: { error: 'Listing not found.' } }
  if (row.timeZone === null) return { status: 200, body: { timeZone: 'UTC', slots: [] } }
  const times = { timeZone: row.timeZone, rules: row.rules ?? [], exceptions: row.exceptions ?? [] }
  const { rows } = await sql(pool, TAKEN, [id, new Date(now), new Date(now + (SLOT_DAYS + 1) * DAY)])
  const booked = new Map((rows as { startMs: number; booked: number }[]).map((r) => [r.startMs, r.booked]))
  const slots = slotsOf(times, now).map((slot) =>
    slotAnswer(slot, times.timeZone, booked.get(slot.start) ?? 0),
  )
  const isOwner = row.ownerId === userId
  return {
    status: 200,
    body: {
      timeZone: times.timeZone,
      slots,
      ...(isOwner && { ...times, meetingPoint: row.meetingPoint ?? '', videoLink: row.videoLink }),
    },
  }
}
