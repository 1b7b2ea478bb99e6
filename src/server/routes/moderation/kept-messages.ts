import { sql } from 'drizzle-orm'
import type { Database } from '../../db/client.ts'
import { messageInContext } from './moderation-queries.ts'

/** How long a deleted account's reported message stays for the moderators (docs/decisions/072). */
export const KEPT_MESSAGE_DAYS = 90

/**
 * Keeps, for the moderators, each message of this person that has an open report, as the queue shows it and with
 * the person named "a deleted account": called as their account is deleted, before their messages go.
 */
export async function keepReportedMessagesOf(tx: Pick<Database, 'execute'>, userId: string) {
  await tx.execute(sql`insert into kept_message (message_id, context, kept_until)
    select reported.id, ${messageInContext(sql`reported.id`, userId)}::jsonb,
      now() + ${`${KEPT_MESSAGE_DAYS} days`}::interval
    from message reported
    where reported.sender_id = ${userId} and exists (select 1 from report open_report
      where open_report.target_kind = 'message' and open_report.target_id = reported.id::text
        and open_report.status = 'open')
    on conflict (message_id) do nothing`)
}
