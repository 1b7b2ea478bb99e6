import { z } from 'zod'
import { ListingSummarySchema } from './listing.ts'
import { SeekerAdSummarySchema } from './seeker-ad.ts'
import { PublicReferencesSchema } from './references.ts'

// A person's public profile (GET /api/people/:id): what anyone signed in may read about them. Nothing private: no
// e-mail, phone, questionnaire answers or hidden listings and ads.

export const PersonIdParamsSchema = z.object({ id: z.uuid({ error: 'Malformed person id.' }) })

/**
 * How a person answers enquiries others started with them in the last 30 days (decision 088): the percent answered
 * within 48 hours and the median hours to a first reply; both null below 3 enquiries.
 */
export const ReplyStatsSchema = z.object({
  replyRate: z.number().int().nullable(),
  replyHours: z.number().int().nullable(),
})
export type ReplyStats = z.infer<typeof ReplyStatsSchema>

/** The four things references and reviews rate, 1 to 5. */
export const RATING_KEYS = ['tidy', 'bills', 'considerate', 'communication'] as const
const rating = z.number().min(1).max(5)
export const RatingsSchema = z.object(
  Object.fromEntries(RATING_KEYS.map((key) => [key, rating])) as {
    [K in (typeof RATING_KEYS)[number]]: typeof rating
  },
)
export type Ratings = z.infer<typeof RatingsSchema>

/** A published review by someone the person lived with, and the person's one reply. */
export const ReviewSchema = RatingsSchema.extend({
  _id: z.string(),
  authorName: z.string(),
  text: z.string(),
  reply: z.string().nullable(),
  createdAt: z.string(),
})
export type Review = z.infer<typeof ReviewSchema>

export const PersonProfileSchema = ReplyStatsSchema.extend({
  _id: z.string(),
  name: z.string(),
  /** The profile photo's address, or null. */
  photo: z.string().nullable(),
  memberSince: z.string(),
  emailVerified: z.boolean(),
  /** The references the person shows (references.ts), newest first. */
  references: PublicReferencesSchema,
  reviews: z.object({
    count: z.number().int(),
    /** Each rating's average over the published reviews; null without any. */
    average: RatingsSchema.nullable(),
    items: z.array(ReviewSchema),
  }),
  /** Their listings shown to everyone, newest first. */
  listings: z.array(ListingSummarySchema),
  /** Their room-wanted ad while it is active and shown, else null. */
  seekerAd: SeekerAdSummarySchema.omit({ match: true }).nullable(),
})
export type PersonProfile = z.infer<typeof PersonProfileSchema>

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
