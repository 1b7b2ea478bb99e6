import { sql } from 'drizzle-orm'

// The one rule for who counts toward the reports that hide a listing or an ad (docs/decisions/046, 071), read by
// the statement that hides and by the moderators' queue. Both name the report `r` and its reporter `u`.

/**
 * A person's report (not the system's) from a verified address, whose mailbox (`mailbox()`, migration 0017) had
 * no report on the same thing that a moderator settled: someone already heard on it doesn't decide it again.
 */
const countsTowardHiding = sql`(not r.is_system and u.email_verified and not exists (
    select 1 from report settled join "user" su on su.id = settled.reporter_id
    where settled.target_kind = r.target_kind and settled.target_id = r.target_id and settled.status <> 'open'
      and mailbox(su.email) = mailbox(u.email)))`

/** How many different mailboxes have reports that count, over `report r` joined to `"user" u`, as an int. */
export const countingReporters = sql`(count(distinct mailbox(u.email)) filter (where ${countsTowardHiding}))::int`
