import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { SharedViewing } from '#shared/viewings.ts'
import type { Database } from '../db/client.ts'
import { rowsOf } from '../db/sql.ts'
import { isoInZone } from './zoned-time.ts'

// "Share with someone I trust" (docs/decisions/087). A link's token is 256 random bits kept only as its SHA-256,
// as references' are: whoever reads the database can't open a shared viewing.

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex')

/** The link works until the end of the day after the viewing's day, in the viewing's zone. */
const stillShown = sql`((v.start at time zone v.time_zone)::date + 2) at time zone v.time_zone > now()`

export type ShareOutcome =
  { outcome: 'shared'; token: string } | { outcome: 'missing' | 'seeker-only' | 'refused' }

export function createViewingSharesRepository(db: Database) {
  /** Whether the caller is the viewing's seeker ('ok'), its poster, or neither; and whether it can be shared. */
  async function standing(viewingId: string, userId: string) {
    const [row] = await rowsOf<{ isSeeker: boolean; isShareable: boolean }>(
      db,
      sql`select v.seeker_id = ${userId} as "isSeeker", (v.status = 'booked' and ${stillShown}) as "isShareable"
        from viewing v where v.id = ${viewingId} and (v.seeker_id = ${userId} or v.poster_id = ${userId})`,
    )
    if (!row) return 'missing' as const
    if (!row.isSeeker) return 'seeker-only' as const
    return row.isShareable ? ('ok' as const) : ('refused' as const)
  }

  return {
    /** A new link for the seeker's booked viewing; any earlier link of it stops working. */
    async share(viewingId: string, userId: string): Promise<ShareOutcome> {
      const state = await standing(viewingId, userId)
      if (state !== 'ok') return { outcome: state }
      const token = randomBytes(32).toString('base64url')
      await db.execute(
        sql`insert into viewing_share (viewing_id, token_hash) values (${viewingId}, ${hashOf(token)})
          on conflict (viewing_id) do update set token_hash = excluded.token_hash, created_at = now()`,
      )
      return { outcome: 'shared', token }
    },

    /** Ends the viewing's link, if it has one. */
    async revoke(viewingId: string, userId: string) {
      const state = await standing(viewingId, userId)
      if (state === 'missing' || state === 'seeker-only') return state
      await db.execute(sql`delete from viewing_share where viewing_id = ${viewingId}`)
      return 'revoked' as const
    },

    /** What the link shows, while it is shown. */
    async read(token: string): Promise<SharedViewing | undefined> {
      const [row] = await rowsOf<
        Omit<SharedViewing, 'start' | 'end' | 'meetingPoint'> & {
          startMs: number
          endMs: number
          place: string
        }
      >(
        db,
        sql`select v.listing_title as "listingTitle", coalesce(l.location, '') as location, v.kind, v.place,
            extract(epoch from v.start)::float8 * 1000 as "startMs",
            extract(epoch from v."end")::float8 * 1000 as "endMs",
            v.time_zone as "timeZone", coalesce(p.name, 'A deleted account') as "posterName", v.status
          from viewing_share vs join viewing v on v.id = vs.viewing_id
            left join listing l on l.id = v.listing_id left join "user" p on p.id = v.poster_id
          where vs.token_hash = ${hashOf(token)} and ${stillShown}`,
      )
      if (!row) return undefined
      const { startMs, endMs, place, ...rest } = row
      return {
        ...rest,
        meetingPoint: row.kind === 'in_person' ? place : null,
        start: isoInZone(startMs, row.timeZone),
        end: isoInZone(endMs, row.timeZone),
      }
    },
  }
}

export type ViewingSharesRepository = ReturnType<typeof createViewingSharesRepository>
