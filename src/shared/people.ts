import { z } from 'zod'
import { ListingSummarySchema } from './listing.ts'
import { SeekerAdSummarySchema } from './seeker-ad.ts'
import { PublicReferencesSchema } from './references.ts'
import { ReplyStatsSchema } from './trust.ts'

// A person's public profile (GET /api/people/:id): what anyone signed in may read about them. Nothing private: no
// e-mail, phone, questionnaire answers or hidden listings and ads.

export const PersonIdParamsSchema = z.object({ id: z.uuid({ error: 'Malformed person id.' }) })

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
