import { sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { PATHS } from '#shared/api.ts'
import type { Database } from '../db/client.ts'
import type { Config } from '../env.ts'
import { sendMailOnce } from '../jobs/send-mail-once.ts'
import { rowsOf } from '../db/sql.ts'
import { MailNotSent, type Mailer } from '../mail/mailer.ts'
import { renderFreshnessMail } from './freshness-template.ts'

const DAY_MS = 24 * 60 * 60 * 1000
/** Days after its last confirmation that a listing's owner is asked; days after that mail that it retires. */
export const ASK_AFTER_DAYS = 30
export const RETIRE_AFTER_DAYS = 7
// A run's share of a big backlog (after downtime): the next run (10 minutes on) takes the rest.
const BATCH = 200

type Claimed = {
  id: string
  title: string
  name: string
  email: string
  verified: boolean
  confirmedAt: string
}

/**
 * Listing freshness (docs/decisions/047), one run: first retires the Available listings whose owner was mailed
 * 7 days ago and has not confirmed since, then claims the ones last confirmed 30 days ago and not yet mailed
 * (`freshness_mailed_at`, set in the claiming statement, so two processes never claim the same listing) and mails
 * each owner once through `sendMailOnce` (the key names the confirmation it asks about). Everything is decided by
 * the rows and `now`, so a run after days of downtime catches up: the overdue are mailed now and retire 7 days on.
 */
export async function runFreshness(
  { db, mailer, log }: { db: Database; mailer: Pick<Mailer, 'deliver'>; log: FastifyBaseLogger },
  config: Pick<Config, 'baseUrl'>,
  { now, signal }: { now: Date; signal?: AbortSignal },
): Promise<{ retired: number; mailed: number; failed: number }> {
  const retireBefore = new Date(now.getTime() - RETIRE_AFTER_DAYS * DAY_MS).toISOString()
  const askBefore = new Date(now.getTime() - ASK_AFTER_DAYS * DAY_MS).toISOString()
  const retired = await rowsOf<{ id: string }>(
    db,
    sql`update listing set availability = 'Not Available'
      where availability = 'Available' and freshness_mailed_at <= ${retireBefore}
        and confirmed_at < freshness_mailed_at
      returning id`,
  )
  const claimed = await rowsOf<Claimed>(
    db,
    sql`update listing l set freshness_mailed_at = ${now.toISOString()}
      from "user" u
      where l.id in (select id from listing where availability = 'Available' and confirmed_at <= ${askBefore}
                       and freshness_mailed_at is null
                     order by confirmed_at limit ${BATCH} for update skip locked)
        and u.id = l.owner_id
      returning l.id, l.title, u.name, u.email, u.email_verified as verified, l.confirmed_at::text as "confirmedAt"`,
  )
  let mailed = 0
  let failed = 0
  for (const listing of claimed) {
    const giveBack = () =>
      db.execute(sql`update listing set freshness_mailed_at = null
        where id = ${listing.id} and freshness_mailed_at = ${now.toISOString()}`)
    if (signal?.aborted) {
      await giveBack()
      continue
    }
    const link = `${config.baseUrl}${PATHS.myListings}?confirm=${encodeURIComponent(listing.id)}`
    // An address not yet verified never confirmed the name or the title: the mail carries neither.
    const mail = renderFreshnessMail({
      ...(listing.verified && { name: listing.name, title: listing.title }),
      link,
      siteName: 'Nestmate',
      baseUrl: config.baseUrl,
    })
    try {
      await sendMailOnce({ db, mailer, log }, `freshness:${listing.id}:${listing.confirmedAt}`, {
        to: listing.email,
        link,
        ...mail,
      })
      mailed++
    } catch (error) {
      failed++
      // Certainly not sent: the next run asks again (and the 7 days start then).
      if (error instanceof MailNotSent) await giveBack()
    }
  }
  return { retired: retired.length, mailed, failed }
}
