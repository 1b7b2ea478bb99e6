import { z } from 'zod'
import { IMPORTANCES, INTERESTS, MAX_INTERESTS, QUESTIONS, questionById } from './questionnaire.ts'

export * from './questionnaire.ts'

const IMPORTANCE_ERROR = `importance must be one of ${IMPORTANCES.join(', ')}.`

const AnswerEntrySchema = z.object({
  answer: z.string({ error: 'answer must be one of the question’s answer ids.' }).max(40),
  accepted: z
    .array(z.string().max(40), { error: 'accepted must be a list of answer ids.' })
    .min(1, 'Accept at least one answer (your own, say).')
    .max(4, 'accepted lists at most 4 answers.'),
  importance: z.enum(IMPORTANCES, { error: IMPORTANCE_ERROR }),
})
export type AnswerEntry = z.infer<typeof AnswerEntrySchema>

/** What a person writes (PUT): any of the questions, each with their answer, what they accept and how much it matters. */
export const LivingProfileInputSchema = z.object({
  answers: z
    .record(z.string().max(40), AnswerEntrySchema, {
      error: 'answers must be an object keyed by question id.',
    })
    .superRefine((answers, ctx) => {
      for (const [id, entry] of Object.entries(answers)) {
        const question = questionById(id)
        if (!question) {
          const known = QUESTIONS.map((q) => q.id).join(', ')
          ctx.addIssue({
            code: 'custom',
            path: [id],
            message: `Unknown question "${id}": use one of ${known}.`,
          })
          continue
        }
        const ids: string[] = question.answers.map((answer) => answer.id)
        const refuse = (path: string, value: string) =>
          ctx.addIssue({
            code: 'custom',
            path: [id, path],
            message: `"${value}" is not an answer to ${id}: use one of ${ids.join(', ')}.`,
          })
        if (!ids.includes(entry.answer)) refuse('answer', entry.answer)
        for (const accepted of entry.accepted) if (!ids.includes(accepted)) refuse('accepted', accepted)
        if (new Set(entry.accepted).size !== entry.accepted.length)
          ctx.addIssue({
            code: 'custom',
            path: [id, 'accepted'],
            message: `${id}: each accepted answer once.`,
          })
      }
    }),
  interests: z
    .array(z.enum(INTERESTS, { error: 'Unknown interest: pick interests from the list.' }), {
      error: 'interests must be a list.',
    })
    .max(MAX_INTERESTS, `Pick at most ${MAX_INTERESTS} interests.`)
    .refine((tags) => new Set(tags).size === tags.length, 'Each interest once.')
    .default([]),
})
export type LivingProfileInput = z.input<typeof LivingProfileInputSchema>
export type LivingProfileAnswers = Record<string, AnswerEntry>

export const LivingProfileSchema = z.object({
  version: z.number(),
  answers: z.record(z.string(), AnswerEntrySchema),
  interests: z.array(z.string()),
  updatedAt: z.string(),
})
export type LivingProfile = z.infer<typeof LivingProfileSchema>

const ImportanceOrNull = z.enum(IMPORTANCES).nullable()

/**
 * One question both people answered, as the viewer may see it: both answers, and how much it matters to each side
 * whose wish the other's answer misses (null where it is met). Never the other's accepted answers, nor their
 * importance where your answer suits them (src/shared/match.ts).
 */
export const MatchQuestionSchema = z.object({
  id: z.string(),
  theirs: z.string(),
  yours: z.string(),
  youMind: ImportanceOrNull,
  theyMind: ImportanceOrNull,
})

export const MatchDetailSchema = z.object({
  score: z.number().nullable(),
  agree: z.array(z.string()),
  differ: z.array(z.string()),
  dealbreakers: z.array(z.string()),
  sharedInterests: z.array(z.string()),
  /** The shares (0–100) of what matters to you and to them that the other meets; null with no score. */
  shares: z.object({ yours: z.number(), theirs: z.number() }).nullable(),
  questions: z.array(MatchQuestionSchema),
})
