import { z } from 'zod'
import { MessageIdSchema } from './conversations.ts'
import { NUL_FREE } from './text.ts'

// Reports go to the moderators' queue. For now a person reports a message of a conversation they are in; listings
// and people as targets come with moderation.

export const REPORT_REASONS = ['scam', 'offensive', 'not_a_real_room', 'already_taken', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** What the web app calls each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  scam: 'Scam or fraud',
  offensive: 'Offensive or abusive',
  not_a_real_room: 'Not a real room',
  already_taken: 'Room already taken',
  other: 'Something else',
}

/** Every kind of thing a report may name; the API takes only `message` so far. */
export const REPORT_TARGET_KINDS = ['message', 'listing', 'user'] as const
export const REPORT_NOTE_MAX = 1000

export const NewReportSchema = z.object({
  targetKind: z.literal('message', { error: 'targetKind must be message.' }),
  targetId: MessageIdSchema,
  reason: z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}.` }),
  note: z
    .string({ error: 'Note must be text.' })
    .trim()
    .max(REPORT_NOTE_MAX, `Note must be at most ${REPORT_NOTE_MAX.toLocaleString('en-US')} characters.`)
    .refine(NUL_FREE.check, NUL_FREE.message('Note'))
    .default(''),
})
export type NewReport = z.infer<typeof NewReportSchema>

export const NewReportResultSchema = z.object({ reportId: z.string() })
