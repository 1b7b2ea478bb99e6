import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'

/**
 * Whether either of two people blocked the other. A block separates them both ways: no messages (message-writes.ts
 * also says who blocked), no contacts through a like, no name in the other's "interested" list
 * (docs/decisions/073). Two probes of user_block's primary key.
 */
export const eitherBlocked = (a: SQLWrapper, b: SQLWrapper): SQL<boolean> =>
  sql<boolean>`exists (select 1 from user_block
    where (blocker_id = ${a} and blocked_id = ${b}) or (blocker_id = ${b} and blocked_id = ${a}))`
