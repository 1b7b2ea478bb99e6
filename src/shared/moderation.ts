import { z } from 'zod'
import { IdSchema } from './listing.ts'
import {
  HIDDEN_REASONS,
  PersonIdSchema,
  REPORT_REASONS,
  REPORT_TARGET_KINDS,
  SYSTEM_REPORT_REASONS,
} from './reports.ts'
import { SEEKER_AD_STATUSES } from './seeker-ad-facts.ts'
import { NUL_FREE } from './text.ts'

// The moderators' API (/api/moderation/*): the queue of open reports grouped by what they name, the reported thing
// in context, the decisions and their log. Moderators are the e-mails in ADMIN_EMAILS.

export const MODERATION_REASON_MAX = 500

/** Why a moderator decided as they did: required, so the log always says. */
export const DecisionSchema = z.object({
  reason: z
    .string({ error: 'Say why, in a few words.' })
    .trim()
    .min(1, 'Say why, in a few words.')
    .max(MODERATION_REASON_MAX, `The reason must be at most ${MODERATION_REASON_MAX} characters.`)
    .refine(NUL_FREE.check, NUL_FREE.message('The reason')),
})
export type Decision = z.infer<typeof DecisionSchema>

export const DismissSchema = DecisionSchema.extend({
  targetKind: z.enum(REPORT_TARGET_KINDS, {
    error: `targetKind must be one of ${REPORT_TARGET_KINDS.join(', ')}.`,
  }),
  targetId: z
    .string({ error: 'Malformed target id.' })
    .min(1, 'Malformed target id.')
    .max(64, 'Malformed target id.'),
})
export type Dismiss = z.infer<typeof DismissSchema>

export const ListingParamsSchema = z.object({ id: IdSchema })
export const AdParamsSchema = z.object({ id: z.uuid({ error: 'Malformed ad id.' }) })
export const PersonParamsSchema = z.object({ id: PersonIdSchema })

export const QueueReportSchema = z.object({
  id: z.string(),
  reason: z.enum([...REPORT_REASONS, ...SYSTEM_REPORT_REASONS]),
  note: z.string(),
  /** null: the system filed it (a signal); "a deleted account": the reporter has gone. */
  reporter: z.object({ name: z.string(), verified: z.boolean() }).nullable(),
  isSystem: z.boolean(),
  createdAt: z.string(),
})

const PhotoSchema = z.object({ url: z.string(), width: z.number(), height: z.number() })

export const ReportedListingSchema = z.object({
  kind: z.literal('listing'),
  id: z.string(),
  title: z.string(),
  location: z.string(),
  rent: z.number(),
  description: z.string(),
  availability: z.string(),
  hiddenReason: z.enum(HIDDEN_REASONS).nullable(),
  owner: z.object({ id: z.string(), name: z.string(), suspended: z.boolean() }),
  photos: z.array(PhotoSchema),
})
export const ReportedAdSchema = z.object({
  kind: z.literal('seeker_ad'),
  id: z.string(),
  headline: z.string(),
  about: z.string(),
  budget: z.number(),
  /** The towns it names (never finer): each area's label and radius. */
  areas: z.array(z.object({ name: z.string(), radiusKm: z.number() })),
  status: z.enum(SEEKER_AD_STATUSES),
  hiddenReason: z.enum(HIDDEN_REASONS).nullable(),
  owner: z.object({ id: z.string(), name: z.string(), suspended: z.boolean() }),
})
export const ReportedPersonSchema = z.object({
  kind: z.literal('user'),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  suspended: z.boolean(),
  createdAt: z.string(),
})
export const ContextMessageSchema = z.object({
  id: z.number(),
  body: z.string(),
  sender: z.string(),
  isReported: z.boolean(),
  createdAt: z.string(),
})
export const ReportedMessageSchema = z.object({
  kind: z.literal('message'),
  id: z.string(),
  /** `deleted`: the account is gone; the message was kept for the moderators (decision 072). */
  sender: z.object({ id: z.string(), name: z.string(), suspended: z.boolean(), deleted: z.boolean() }),
  /** The reported message with up to five before and after it in its conversation. */
  around: z.array(ContextMessageSchema),
})
const ratings = {
  tidy: z.number(),
  bills: z.number(),
  considerate: z.number(),
  communication: z.number(),
}
const personRef = z.object({ id: z.string(), name: z.string() })
/** A reference as its subject's profile shows it (never the referee's address), and whether a moderator hid it. */
export const ReportedReferenceSchema = z.object({
  kind: z.literal('reference'),
  id: z.string(),
  refereeName: z.string(),
  subject: personRef,
  ...ratings,
  text: z.string(),
  hidden: z.boolean(),
})
/** A review with its author and subject, its reply, and whether a moderator hid it. */
export const ReportedReviewSchema = z.object({
  kind: z.literal('review'),
  id: z.string(),
  author: personRef,
  subject: personRef,
  ...ratings,
  text: z.string(),
  reply: z.string().nullable(),
  hidden: z.boolean(),
})
export const ReportedSchema = z.discriminatedUnion('kind', [
  ReportedListingSchema,
  ReportedPersonSchema,
  ReportedMessageSchema,
  ReportedAdSchema,
  ReportedReferenceSchema,
  ReportedReviewSchema,
])

export const QueueEntrySchema = z.object({
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId: z.string(),
  /** People's reports from verified addresses: three hide a listing or an ad. */
  countingReporters: z.number(),
  latestAt: z.string(),
  reports: z.array(QueueReportSchema),
  /** null: the thing is gone (deleted since). */
  target: ReportedSchema.nullable(),
})
export type QueueEntry = z.infer<typeof QueueEntrySchema>

/** A mailbox whose accounts have many open reports from the last day: a flood, named as one (decision 071). */
export const FloodSchema = z.object({
  mailbox: z.string(),
  openReports: z.number(),
  accounts: z.array(z.object({ id: z.string(), name: z.string(), verified: z.boolean() })),
})

export const QueueSchema = z.object({
  /** What reports hid first, then the rest by their newest open report, newest first; a page at a time. */
  entries: z.array(QueueEntrySchema),
  openReports: z.number(),
  /** The next page's `cursor`; null on the last page. */
  nextCursor: z.string().nullable(),
  /** On the first page (none after): the floods of the last day, the biggest first. */
  floods: z.array(FloodSchema),
})
export type Queue = z.infer<typeof QueueSchema>
export const QueueQuerySchema = z.object({
  cursor: z.string({ error: 'Malformed cursor.' }).max(200, 'Malformed cursor.').optional(),
})

export const MODERATION_ACTIONS = ['hide', 'unhide', 'suspend', 'unsuspend', 'dismiss'] as const
export const ActionSchema = z.object({
  id: z.string(),
  action: z.enum(MODERATION_ACTIONS),
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId: z.string(),
  /**
   * What a moderator knows the thing by, as it is now: a listing's title, an ad's headline, a person's name, a
   * message's sender's name. null: it has gone since.
   */
  targetName: z.string().nullable(),
  /** The moderator's address as it was then. */
  moderator: z.string(),
  reason: z.string(),
  createdAt: z.string(),
})
export type ModerationAction = z.infer<typeof ActionSchema>
export const ActionLogSchema = z.object({ actions: z.array(ActionSchema) })

export const ModeratorStatusSchema = z.object({ isModerator: z.boolean() })
export const HiddenResultSchema = z.object({ hiddenReason: z.enum(HIDDEN_REASONS).nullable() })
/** A reference or a review a moderator hid (or showed again). */
export const ModeratedResultSchema = z.object({ hidden: z.boolean() })
export const ReferenceParamsSchema = z.object({ id: z.uuid({ error: 'Malformed reference id.' }) })
export const ReviewParamsSchema = z.object({ id: z.uuid({ error: 'Malformed review id.' }) })
export const SuspendedResultSchema = z.object({ suspended: z.boolean() })
export const DismissedResultSchema = z.object({ dismissed: z.number() })
