import { and, eq, inArray, sql } from 'drizzle-orm'
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
export async function sendMailOnce(deps: MailDeps, key: string, mail: OutgoingMail): Promise<MailOnceResult> {
  const result = await claimAndDeliver(deps, key, mail)
  if (result === 'sent') await markSent(deps.db, [key])
  return result
}

type MailDeps = { db: Database; mailer: Pick<Mailer, 'deliver'>; log: FastifyBaseLogger }

/** Steps 1 and 2 of `sendMailOnce`: the claim, committed, then the one delivery (its claim is still `sending`). */
async function claimAndDeliver({ db, mailer, log }: MailDeps, key: string, mail: OutgoingMail) {
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
  return 'sent'
}

async function markSent(db: Database, keys: string[]) {
  if (keys.length === 0) return
  await db
    .update(mailClaim)
    .set({ state: 'sent', sentAt: sql`now()` })
    .where(inArray(mailClaim.key, keys))
}

/**
 * What became of one of `sendMailsOnce`'s mails: `sent` or `claimed` as from `sendMailOnce`; `not-sent`: certainly
 * not (its claim is gone: a later run sends it); `broke-off`: may be lost, never sent again; `skipped`: not tried (the
 * run was stopped first).
 */
export type MailsOnceOutcome = MailOnceResult | 'not-sent' | 'broke-off' | 'skipped'

/**
 * Many mails, each at most once exactly as `sendMailOnce` sends one, `concurrency` at a time, in fewer statements:
 * each mail is still claimed on its own before it goes (a kill -9 loses at most the mails in flight), and the claims
 * of those that went are marked `sent` together once all were tried (a kill before that leaves them `sending`:
 * never sent again either way). Answers each mail's outcome, in order.
 */
export async function sendMailsOnce(
  deps: MailDeps,
  mails: { key: string; mail: OutgoingMail }[],
  { concurrency, signal }: { concurrency: number; signal?: AbortSignal },
): Promise<MailsOnceOutcome[]> {
  const outcomes: MailsOnceOutcome[] = mails.map(() => 'skipped')
  let next = 0
  const worker = async () => {
    while (next < mails.length && !signal?.aborted) {
      const index = next++
      const { key, mail } = mails[index]!
      try {
        outcomes[index] = await claimAndDeliver(deps, key, mail)
      } catch (error) {
        outcomes[index] = error instanceof MailNotSent ? 'not-sent' : 'broke-off'
      }
    }
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  await markSent(
    deps.db,
    mails.filter((_, index) => outcomes[index] === 'sent').map(({ key }) => key),
  )
  return outcomes
}
