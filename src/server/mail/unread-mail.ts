import { PATHS } from '#shared/api.ts'
import type { Database } from '../db/client.ts'
import type { Config } from '../env.ts'
import {
  createUnreadMailRepository,
  type ClaimedSide,
} from '../routes/conversations/unread-mail-repository.ts'
import type { Mailer } from './mailer.ts'
import { renderUnreadMail } from './unread-mail-template.ts'

/** Messages unread this long get their recipient a mail. */
export const UNREAD_MAIL_AFTER_MS = 15 * 60 * 1000

export type UnreadMailRun = { mailed: number; failed: number }
export type SendUnreadMail = (options: { now: Date }) => Promise<UnreadMailRun>

function byPerson(sides: ClaimedSide[]): ClaimedSide[][] {
  const people = new Map<string, ClaimedSide[]>()
  for (const side of sides) people.set(side.userId, [...(people.get(side.userId) ?? []), side])
  return [...people.values()]
}

/**
 * The unread-message mail, for the job runner to call on a schedule (docs/decisions/040): `sendUnreadMail({ now })`
 * claims the conversations whose messages stayed unread since before `now` minus 15 minutes and mails each
 * person once for all of theirs. The claim is the database's: one statement marks the rows before any mail goes,
 * so two processes never mail the same thing, and a process killed while sending never sends it again (that mail
 * is lost rather than doubled). A mail the server refused is given back for the next run.
 */
export function createUnreadMail(
  db: Database,
  mailer: Mailer,
  config: Pick<Config, 'baseUrl'>,
): SendUnreadMail {
  const claims = createUnreadMailRepository(db)
  const link = `${config.baseUrl}${PATHS.inbox}`
  return async ({ now }) => {
    const claimed = await claims.claim(now, new Date(now.getTime() - UNREAD_MAIL_AFTER_MS))
    let mailed = 0
    let failed = 0
    for (const sides of byPerson(claimed)) {
      const { email, name } = sides[0]!
      const mail = renderUnreadMail({
        name,
        conversations: sides,
        link,
        siteName: 'Nestmate',
        baseUrl: config.baseUrl,
      })
      try {
        await mailer.sendNow({ to: email, link, ...mail })
        mailed++
      } catch {
        failed++
        await claims.release(sides, now)
      }
    }
    return { mailed, failed }
  }
}
