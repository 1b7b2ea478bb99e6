import { sql } from 'drizzle-orm'
import { rowsOf, type Transaction } from '../db/sql.ts'

/** Which of two people blocked the other, if either did. */
export type Blocker = 'me' | 'other' | null

/**
 * Takes the two participants' message locks for the rest of the transaction, in one order for everyone, and
 * tells whether either blocked the other. A message takes both locks before its id is drawn, so each person's
 * messages commit in the order of their ids: a client that has message N has every earlier one of its
 * conversations, and resuming from N loses nothing (docs/decisions/038).
 */
/**
 * Takes the message locks of several people for the rest of the transaction, in the one order every writer uses
 * (ascending ids), so a writer holding several never waits on one holding a pair in the other order.
 */
export async function lockPeople(tx: Transaction, people: string[]) {
  const ids = [...new Set(people)].sort().map((id) => `message:${id}`)
  // unnest reads the array in its order, and each row takes its lock as it is read.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(key, 0))
    from unnest(${`{${ids.map((id) => JSON.stringify(id)).join(',')}}`}::text[]) as key`)
}

export async function lockParticipants(tx: Transaction, me: string, other: string): Promise<Blocker> {
  const [first, second] = [me, other].sort()
  const [row] = await rowsOf<{ blocker: string | null }>(
    tx,
    sql`
      select pg_advisory_xact_lock(hashtextextended(${`message:${first}`}, 0)),
        pg_advisory_xact_lock(hashtextextended(${`message:${second}`}, 0)),
        (select blocker_id from user_block
          where (blocker_id = ${me} and blocked_id = ${other}) or (blocker_id = ${other} and blocked_id = ${me})
          order by blocker_id = ${me} desc limit 1) as blocker`,
  )
  if (!row?.blocker) return null
  return row.blocker === me ? 'me' : 'other'
}
