import { sql, type SQLWrapper } from 'drizzle-orm'
import { reference, replyStat } from '../db/schema/index.ts'
import { referenceShown } from './public-references.ts'

/**
 * A person's badges (decision 096) as columns of a statement that reads their "user" row: `emailVerified` is that
 * row's column; the references they show and their response stats (decision 088) are index probes by `personId`,
 * worked out only for the rows a page returns. None is a join, so a list statement keeps its plan.
 */
export const personTrust = (personId: SQLWrapper, emailVerified: SQLWrapper) => ({
  emailVerified: sql<boolean>`${emailVerified}`,
  referenceCount: sql<number>`(select count(*)::int from ${reference} as r
    where r.subject_id = ${personId} and ${referenceShown})`,
  replyRate: sql<
    number | null
  >`(select rs.reply_rate from ${replyStat} as rs where rs.user_id = ${personId})`,
  replyHours: sql<
    number | null
  >`(select rs.reply_hours from ${replyStat} as rs where rs.user_id = ${personId})`,
})

/** The same, as a card's fields for its poster (posterTrustShape in src/shared/trust.ts). */
export function posterTrust(ownerId: SQLWrapper, emailVerified: SQLWrapper) {
  const { emailVerified: ownerVerified, ...rest } = personTrust(ownerId, emailVerified)
  return { ownerVerified, ...rest }
}
