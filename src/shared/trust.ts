import { z } from 'zod'
import type { ReplyStats } from './trust-words.ts'

// What a page may say about how far a person can be trusted (design 22 and 23, decision 096): their e-mail
// confirmed, the references they show, how they answer enquiries. Cards, details and conversation headers carry it.

/**
 * How a person answers enquiries others started with them in the last 30 days (decision 088): the percent answered
 * within 48 hours and the median hours to a first reply; both null below 3 enquiries.
 */
export const ReplyStatsSchema = z.object({
  replyRate: z.number().int().nullable(),
  replyHours: z.number().int().nullable(),
}) satisfies z.ZodType<ReplyStats>

/** A poster's trust on a card of their listing or ad (decision 096). */
export const posterTrustShape = {
  /** Whether the poster has confirmed their e-mail address (or Google has). */
  ownerVerified: z.boolean(),
  /** The references the poster shows on their profile. */
  referenceCount: z.number().int(),
  ...ReplyStatsSchema.shape,
}
