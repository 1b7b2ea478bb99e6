import { sql } from 'drizzle-orm'
import type { PublicReferences, Reference } from '#shared/references.ts'
import type { Database } from '../db/client.ts'
import { rowsOf } from '../db/sql.ts'

// A reference as anyone may see it (docs/api.md, References): never the referee's address.
export const referenceAnswer = sql`r.id as "_id", r.referee_name as "refereeName", r.relationship,
  r.from_month as "from", r.to_month as "to", r.tidy, r.bills, r.considerate, r.communication, r.text,
  to_char(r.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  true as "confirmedByEmail"`

/** Reference `r` is shown on its subject's profile: neither they nor a moderator hid it. */
export const referenceShown = sql`(r.hidden_at is null and r.moderator_hidden_at is null)`

/** A person's references that are shown, newest first, with their count. */
export async function publicReferences(db: Database, personId: string): Promise<PublicReferences> {
  const items = await rowsOf<Reference>(
    db,
    sql`select ${referenceAnswer} from reference r
      where r.subject_id = ${personId} and ${referenceShown} order by r.created_at desc, r.id`,
  )
  return { count: items.length, items }
}
