import { z } from 'zod'
import { ConversationIdSchema } from './conversations.ts'
import { RATING_KEYS } from './people.ts'
import { Rating } from './references.ts'
import { NUL_FREE } from './text.ts'

// Reviews after living together (docs/api.md, Reviews; docs/decisions/092): in a conversation the person contacted
// says "we moved in", the other confirms, then each may review the other once. Double-blind: a review is published
// when both are written, or 14 days after the first.

export const REVIEW_LIMITS = {
  text: 1000,
  reply: 500,
  /** Days after the move-in's confirmation in which each may write their review. */
  days: 60,
  /** Days after the first review when it is published alone; the other can't write theirs after that. */
  blindDays: 14,
}

/** Where a conversation's move-in stands: not said, said by the person contacted, confirmed by the other. */
export const MOVED_IN_STATES = ['no', 'marked', 'confirmed'] as const
export type MovedInState = (typeof MOVED_IN_STATES)[number]

const text = (label: string, max: number, min = 0) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .min(min, `${label} is required.`)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .refine(NUL_FREE.check, NUL_FREE.message(label))

export const NewReviewSchema = z.object({
  conversationId: ConversationIdSchema,
  ...(Object.fromEntries(RATING_KEYS.map((key) => [key, Rating(key)])) as {
    [K in (typeof RATING_KEYS)[number]]: ReturnType<typeof Rating>
  }),
  text: text('text', REVIEW_LIMITS.text).default(''),
})
export type NewReview = z.infer<typeof NewReviewSchema>

/** A new review's id and whether it is published already (the other person's was written first). */
export const NewReviewResultSchema = z.object({ _id: z.string(), published: z.boolean() })

export const ReviewIdParamsSchema = z.object({ id: z.uuid({ error: 'Malformed review id.' }) })
export const ReviewReplySchema = z.object({ text: text('text', REVIEW_LIMITS.reply, 1) })
export const ReviewReplyResultSchema = z.object({ reply: z.string() })
