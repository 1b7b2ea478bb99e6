import { sql } from 'drizzle-orm'
import { check, pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * One row per mail a background job sends, claimed before the mail goes out (src/server/jobs/send-mail-once.ts,
 * decision 032). `key` names the mail's occasion (e.g. `unread:<conversation>:<message>`), so a second run,
 * a retry or another process finds the claim and sends nothing. `sending` until the mail server has accepted
 * it; a claim left `sending` is a mail whose process ended mid-send, which is never sent again.
 */
export const mailClaim = pgTable(
  'mail_claim',
  {
    key: text().primaryKey(),
    state: text({ enum: ['sending', 'sent'] })
      .notNull()
      .default('sending'),
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (table) => [check('mail_claim_state', sql`${table.state} in ('sending', 'sent')`)],
)
