import type { FastifyBaseLogger } from 'fastify'
import { PATHS } from '#shared/api.ts'
import type { Database } from '../db/client.ts'
import type { Config } from '../env.ts'
import { sendMailOnce } from '../jobs/send-mail-once.ts'
import { createUnreadMailRepository, type ClaimedSide } from './unread-mail-repository.ts'
import { MailNotSent, type Mailer } from '../mail/mailer.ts'
import { renderUnreadMail } from './unread-mail-template.ts'

/** Messages unread this long get their recipient a mail. */
export const UNREAD_MAIL_AFTER_MS = 15 * 60 * 1000

/** `mailed`: people mailed; `failed`: mails not sent (given back when the server certainly refused). */
export type UnreadMailRun = { mailed: number; failed: number }
/** `signal`: once aborted, the people not yet mailed are given back for the next run. */
export type SendUnreadMail = (options: { now: Date; signal?: AbortSignal }) => Promise<UnreadMailRun>

function byPerson(sides: ClaimedSide[]): ClaimedSide[][] {
  const people = new Map<string, ClaimedSide[]>()
  for (const side of sides) people.set(side.userId, [...(people.get(side.userId) ?? []), side])
  return [...people.values()]
}

/**
 * The unread-message mail (docs/decisions/040), run every minute by the unread-mail job:
 * `sendUnreadMail({ now })` claims the conversation sides whose messages stayed unread since before `now` minus
 * 15 minutes and mails each person once for all of theirs. The claim is the database's: one statement marks the
 * rows before any mail goes, so two processes never mail the same thing. Each mail goes through `sendMailOnce`:
 * a mail the server certainly refused is given back for the next run; a send that broke off (a kill -9, a
 * connection lost mid-message) keeps its claim, so that mail may be lost but is never sent twice.
 */
export function createUnreadMail(
  { db, mailer, log }: { db: Database; mailer: Pick<Mailer, 'deliver'>; log: FastifyBaseLogger },
  config: Pick<Config, 'baseUrl'>,
): SendUnreadMail {
  const claims = createUnreadMailRepository(db)
  const link = `${config.baseUrl}${PATHS.inbox}`
  return async ({ now, signal }) => {
    const claimed = await claims.claim(now, new Date(now.getTime() - UNREAD_MAIL_AFTER_MS))
    let mailed = 0
    let failed = 0
    for (const sides of byPerson(claimed)) {
      if (signal?.aborted) {
        await claims.release(sides, now)
        continue
      }
      const { email, name, userId } = sides[0]!
      const mail = renderUnreadMail({
        name,
        conversations: sides,
        link,
        siteName: 'Nestmate',
        baseUrl: config.baseUrl,
      })
      try {
        // The claim's time names the occasion: a later claim of the same person's sides is another mail.
        await sendMailOnce({ db, mailer, log }, `unread:${userId}:${now.toISOString()}`, {
          to: email,
          link,
          ...mail,
        })
        mailed++
      } catch (error) {
        failed++
        if (error instanceof MailNotSent) await claims.release(sides, now)
      }
    }
    return { mailed, failed }
  }
}
