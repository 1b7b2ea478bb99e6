import { and, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client.ts'
import { mailClaim } from '../db/schema/index.ts'
import { MailNotSent, type Mailer, type OutgoingMail } from '../mail/mailer.ts'

/** `sent`: it went out now. `claimed`: a run before this one (any process) sent it or began to; nothing sent. */
export type MailOnceResult = 'sent' | 'claimed'

/**
 * Sends a job's mail at most once, whatever retries, restarts and processes do (decision 032). `key` names the
 * occasion, not the attempt: `unread:<conversation>:<last message>`, `freshness:<listing>:<confirmedAt>`.
 *
 * 1. Claim: insert the key, committed before anything is sent. A key already there means another run got it
 *    first: nothing is sent.
 * 2. Send, once (`Mailer.deliver`: no retries inside; the job's own retries with backoff do that).
 * 3. The server accepted it: the claim becomes `sent`. It certainly did not (`MailNotSent`): the claim is
 *    removed, so the job's retry sends it. Anything else (a connection lost mid-message, a kill -9 mid-send)
 *    leaves the claim `sending` for good: that mail may be lost, but it is never sent twice.
 */
export async function sendMailOnce(
  { db, mailer, log }: { db: Database; mailer: Pick<Mailer, 'deliver'>; log: FastifyBaseLogger },
  key: string,
  mail: OutgoingMail,
): Promise<MailOnceResult> {
  const claimed = await db
    .insert(mailClaim)
    .values({ key })
    .onConflictDoNothing()
    .returning({ key: mailClaim.key })
  if (claimed.length === 0) {
    const [existing] = await db
      .select({ state: mailClaim.state })
      .from(mailClaim)
      .where(eq(mailClaim.key, key))
    if (existing?.state === 'sending')
      log.warn(`mail ${key}: another run began sending it and never confirmed; it is not sent again`)
    return 'claimed'
  }
  try {
    await mailer.deliver(mail)
  } catch (error) {
    if (error instanceof MailNotSent)
      await db.delete(mailClaim).where(and(eq(mailClaim.key, key), eq(mailClaim.state, 'sending')))
    else log.error({ err: error }, `mail ${key}: the send broke off; it may be lost and is not sent again`)
    throw error
  }
  await db
    .update(mailClaim)
    .set({ state: 'sent', sentAt: sql`now()` })
    .where(eq(mailClaim.key, key))
  return 'sent'
}
