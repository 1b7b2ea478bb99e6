// The badges' words (decision 096), apart from the schemas in ./trust.ts: the cards of the public pages use them,
// and those pages load no zod (decision 013).

/**
 * How a person answers enquiries others started with them in the last 30 days (decision 088): the percent answered
 * within 48 hours and the median hours to a first reply; both null below 3 enquiries.
 */
export type ReplyStats = { replyRate: number | null; replyHours: number | null }

/** What the badges show: the person's e-mail confirmed, their references, their reply stats, reviews if known. */
export type Trust = ReplyStats & {
  emailVerified: boolean
  referenceCount: number
  /** Reviews after living together: their count and average rating, 1 to 5. */
  reviews?: { count: number; average: number }
}

/** "Replies quickly": most enquiries answered, within a day. */
export const repliesQuickly = ({ replyRate, replyHours }: ReplyStats) =>
  replyRate !== null && replyHours !== null && replyRate >= 80 && replyHours <= 24

/**
 * The stats line a page shows, in plain words ("Usually replies within 3 hours"); null while there is nothing to say
 * (below 3 enquiries). Most enquiries unanswered: the share, so a quick reply to a few doesn't read as "usually".
 */
export function replyStatsLine({ replyRate, replyHours }: ReplyStats): string | null {
  if (replyRate === null) return null
  if (replyRate < 50 || replyHours === null) return `Replies to ${replyRate}% of messages within 2 days`
  if (replyHours <= 1) return 'Usually replies within an hour'
  return replyHours < 48
    ? `Usually replies within ${replyHours} hours`
    : `Usually replies within ${Math.round(replyHours / 24)} days`
}

/** "1 reference", "3 references". */
export const referencesWords = (count: number) => (count === 1 ? '1 reference' : `${count} references`)
