import { sql, type SQL } from 'drizzle-orm'
import { CANCEL_REASON_MAX, LATE_WINDOW_MS } from '#shared/viewings.ts'
import type { Database } from '../db/client.ts'
import { rowsOf, type Transaction } from '../db/sql.ts'
import { createBookings } from './bookings.ts'
import { onViewingChanged, type ViewingChange } from './viewing-changes.ts'
import { viewingColumns, viewingFrom, type ViewingRow } from './viewing-row.ts'

/** `missing`: not a viewing of the caller's (404). `refused`: theirs, but not now or not theirs to do (409/403). */
export type ChangeOutcome =
  { outcome: 'changed'; row: ViewingRow } | { outcome: 'missing' | 'refused' | 'poster-only' }

const cursorOf = (row: ViewingRow) => `${row.startMs}_${row._id}`
const CURSOR = /^(\d{1,15})_([0-9a-f-]{36})$/

/** The viewings of two people: only the seeker and the poster of one read it or change it. */
export function createViewingsRepository(db: Database) {
  const mine = (userId: string) => sql`(v.seeker_id = ${userId} or v.poster_id = ${userId})`

  async function read(executor: Pick<Database, 'execute'>, id: string, userId: string) {
    const [row] = await rowsOf<ViewingRow>(
      executor,
      sql`select ${viewingColumns} from ${viewingFrom} where v.id = ${id} and ${mine(userId)}`,
    )
    return row
  }

  /**
   * One change by one of the two people: `set` applies where `allowed` holds (SQL over `v`), in a transaction that
   * tells onViewingChanged. `sequence` rises with each change (the calendar file's SEQUENCE).
   */
  async function change(
    id: string,
    userId: string,
    kind: ViewingChange,
    set: SQL,
    allowed: SQL,
  ): Promise<ChangeOutcome> {
    return db.transaction(async (tx: Transaction) => {
      const updated = await rowsOf<{ id: string; conversationId: string | null }>(
        tx,
        sql`update viewing v set ${set}, sequence = v.sequence + 1
          where v.id = ${id} and ${mine(userId)} and ${allowed}
          returning v.id, v.conversation_id as "conversationId"`,
      )
      if (updated.length === 0)
        return (await read(tx, id, userId)) ? { outcome: 'refused' } : { outcome: 'missing' }
      await onViewingChanged(tx, updated[0]!, kind, userId)
      return { outcome: 'changed', row: (await read(tx, id, userId))! }
    })
  }

  return {
    book: createBookings(db),
    get: (id: string, userId: string) => read(db, id, userId),

    /** The caller's viewings as seeker or poster: upcoming soonest first, past latest first; keyset paging. */
    async list(
      userId: string,
      query: { role: 'seeker' | 'poster'; when: 'upcoming' | 'past'; cursor?: string; limit: number },
    ) {
      const side = query.role === 'seeker' ? sql`v.seeker_id` : sql`v.poster_id`
      const upcoming = query.when === 'upcoming'
      const after = CURSOR.exec(query.cursor ?? '')
      const from = after
        ? upcoming
          ? sql`and (v.start, v.id) > (to_timestamp(${Number(after[1]) / 1000}), ${after[2]}::uuid)`
          : sql`and (v.start, v.id) < (to_timestamp(${Number(after[1]) / 1000}), ${after[2]}::uuid)`
        : sql``
      const rows = await rowsOf<ViewingRow>(
        db,
        sql`select ${viewingColumns} from ${viewingFrom}
          where ${side} = ${userId} and ${upcoming ? sql`v."end" > now()` : sql`v."end" <= now()`} ${from}
          order by v.start ${upcoming ? sql`asc` : sql`desc`}, v.id ${upcoming ? sql`asc` : sql`desc`}
          limit ${query.limit + 1}`,
      )
      const page = rows.slice(0, query.limit)
      return { rows: page, nextCursor: rows.length > query.limit ? cursorOf(page.at(-1)!) : null }
    },

    /** Either of the two, before the start: the place is free again. */
    cancel: (id: string, userId: string, reason: string | undefined) =>
      change(
        id,
        userId,
        'cancelled',
        sql`status = 'cancelled', cancel_reason = ${reason?.slice(0, CANCEL_REASON_MAX) || null},
          cancelled_by = case when v.seeker_id = ${userId} then 'seeker' else 'poster' end`,
        sql`v.status = 'booked' and v.start > now()`,
      ),

    /** Either of the two, from two hours before the start to the start. */
    late: (id: string, userId: string, minutes: number) =>
      change(
        id,
        userId,
        'late',
        sql`late_minutes = ${minutes}`,
        sql`v.status = 'booked' and now() between v.start - ${sql.raw(`interval '${LATE_WINDOW_MS / 1000} seconds'`)} and v.start`,
      ),

    /** The poster, once it has ended. */
    async outcome(id: string, userId: string, outcome: 'done' | 'no_show'): Promise<ChangeOutcome> {
      const row = await read(db, id, userId)
      if (!row) return { outcome: 'missing' }
      if (row.posterId !== userId) return { outcome: 'poster-only' }
      return change(
        id,
        userId,
        'outcome',
        sql`status = ${outcome}`,
        sql`v.poster_id = ${userId} and v.status <> 'cancelled' and v."end" <= now()`,
      )
    },
  }
}

export type ViewingsRepository = ReturnType<typeof createViewingsRepository>
