import { sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { rowsOf } from '../db/sql.ts'
import { subjectJoins, subjectTitle } from './conversation-subject.ts'

/** A conversation side claimed for the unread mail: to whom, and what the mail says of it. */
export type ClaimedSide = {
  conversationId: string
  userId: string
  email: string
  name: string
  otherName: string | null
  title: string | null
  unread: number
}

/** How many conversation sides one run claims at most; the next run takes the rest. */
export const CLAIM_BATCH = 500

/** The unread mail's marks on conversation sides (docs/decisions/040). */
export function createUnreadMailRepository(db: Database) {
  return {
    /**
     * Claims, in one statement, every side whose oldest unread message arrived before `cutoff` and that has had
     * no mail since it was last read, for a verified address: marks it mailed at `now` and answers it. Rows
     * another run holds are skipped, and a row it already marked no longer matches, so no side is claimed twice.
     */
    claim: (now: Date, cutoff: Date) =>
      rowsOf<ClaimedSide>(
        db,
        sql`with due as (
            select side.conversation_id, side.user_id from conversation_member side
            join "user" u on u.id = side.user_id and u.email_verified
            where side.unread_since <= ${cutoff.toISOString()} and side.mailed_at is null
            order by side.unread_since
            limit ${sql.raw(String(CLAIM_BATCH))}
            for update of side skip locked
          ), claimed as (
            update conversation_member side set mailed_at = ${now.toISOString()}
            from due where side.conversation_id = due.conversation_id and side.user_id = due.user_id
            returning side.conversation_id, side.user_id, side.other_id, side.unread
          )
          select claimed.conversation_id as "conversationId", claimed.user_id as "userId", u.email, u.name,
            o.name as "otherName", ${subjectTitle} as title, claimed.unread
          from claimed
          join "user" u on u.id = claimed.user_id
          join conversation c on c.id = claimed.conversation_id
          left join "user" o on o.id = claimed.other_id
          ${subjectJoins}
          order by u.id, claimed.conversation_id`,
      ),

    /** Gives back sides whose mail could not be sent, so the next run tries again (unless read meanwhile). */
    async release(sides: { conversationId: string; userId: string }[], now: Date) {
      for (const side of sides)
        await db.execute(sql`update conversation_member set mailed_at = null
          where conversation_id = ${side.conversationId} and user_id = ${side.userId}
            and mailed_at = ${now.toISOString()}`)
    },
  }
}
