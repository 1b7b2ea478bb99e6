import { z } from 'zod'
import { MessageIdSchema } from './conversations.ts'
import { IdSchema, ListingSchema } from './listing.ts'
import { NUL_FREE } from './text.ts'

// Reports go to the moderators' queue: a person reports a listing, a room-wanted ad, a person, a reference or a
// review shown on a profile, or a message of a conversation they are in. The system's own reports (signals it notices: `is_system`, with their own reasons) share the table
// and the queue, and never count toward hiding a listing (docs/decisions/046).

export const REPORT_REASONS = ['scam', 'offensive', 'not_a_real_room', 'already_taken', 'other'] as const
export type ReportReason = (typeof REPORT_REASONS)[number]

/** The system's own reasons: each report says why in its note. */
export const SYSTEM_REPORT_REASONS = ['low_rent', 'copied_photo', 'scam_phrase'] as const
export type SystemReportReason = (typeof SYSTEM_REPORT_REASONS)[number]

/** What the web app calls each reason. */
export const REPORT_REASON_LABELS: Record<ReportReason | SystemReportReason, string> = {
  scam: 'Scam or fraud',
  offensive: 'Offensive or abusive',
  not_a_real_room: 'Not a real room',
  already_taken: 'Room already taken',
  other: 'Something else',
  low_rent: 'Rent far below nearby rooms',
  copied_photo: 'Photo copied from another listing',
  scam_phrase: 'Words scams use',
}

export const REPORT_TARGET_KINDS = ['message', 'listing', 'user', 'seeker_ad', 'reference', 'review'] as const
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number]
export const REPORT_NOTE_MAX = 1000

/** Why a listing or a room-wanted ad is hidden: three verified people's reports, a moderator, or its owner's suspension. */
export const HIDDEN_REASONS = ['reports', 'moderator', 'suspended'] as const
export type HiddenReason = (typeof HIDDEN_REASONS)[number]

/**
 * A hidden listing or ad as its owner alone is told (My Listings, their room-wanted ad): why, and a moderator's
 * note when a moderator hid it (the reason they logged). Null when it is shown. Reporters' notes are never told.
 */
export const HiddenStateSchema = z
  .object({ reason: z.enum(HIDDEN_REASONS), note: z.string().nullable() })
  .nullable()
export type HiddenState = z.infer<typeof HiddenStateSchema>

/** A listing in its owner's My Listings: with whether it is hidden, and why. */
export const MyListingSchema = ListingSchema.extend({ hidden: HiddenStateSchema })
export type MyListing = z.infer<typeof MyListingSchema>

/**
 * A listing or a room-wanted ad is hidden once this many different verified people have open reports on it (system
 * ones never count).
 */
export const REPORTS_TO_HIDE = 3

/**
 * How many reports one person may file in an hour: an account, or every verified account of one mailbox
 * (docs/decisions/071). Enough to report a spammer's messages; too few to bury the moderators' queue.
 */
export const REPORTS_PER_HOUR = 10

export const PersonIdSchema = z
  .string({ error: 'Malformed person id.' })
  .regex(/^[\w-]{1,64}$/, 'Malformed person id.')

/**
 * Where the web app shows a person without their id (a listing's poster, a room-wanted ad's writer, a conversation's
 * other side): a report of a person names them through it, and the server finds who it is (docs/decisions/053).
 */
export const PERSON_SHOWN_ON = ['listing', 'seeker_ad', 'conversation'] as const
export type PersonShownOn = (typeof PERSON_SHOWN_ON)[number]
export const ShownOnSchema = z.object(
  {
    kind: z.enum(PERSON_SHOWN_ON, { error: `via.kind must be one of ${PERSON_SHOWN_ON.join(', ')}.` }),
    id: z.uuid({ error: 'Malformed via.id.' }),
  },
  { error: 'via must be { kind, id }.' },
)

const reportFields = {
  reason: z.enum(REPORT_REASONS, { error: `reason must be one of ${REPORT_REASONS.join(', ')}.` }),
  note: z
    .string({ error: 'Note must be text.' })
    .trim()
    .max(REPORT_NOTE_MAX, `Note must be at most ${REPORT_NOTE_MAX.toLocaleString('en-US')} characters.`)
    .refine(NUL_FREE.check, NUL_FREE.message('Note'))
    .default(''),
}

export const NewReportSchema = z.discriminatedUnion(
  'targetKind',
  [
    z.object({ targetKind: z.literal('message'), targetId: MessageIdSchema, ...reportFields }),
    z.object({ targetKind: z.literal('listing'), targetId: IdSchema, ...reportFields }),
    z
      .object({
        targetKind: z.literal('user'),
        targetId: PersonIdSchema.optional(),
        via: ShownOnSchema.optional(),
        ...reportFields,
      })
      .refine(
        (report) => (report.targetId === undefined) !== (report.via === undefined),
        'A person is named by targetId or by via (where they are shown), not both.',
      ),
    z.object({
      targetKind: z.literal('seeker_ad'),
      targetId: z.uuid({ error: 'Malformed ad id.' }),
      ...reportFields,
    }),
    z.object({
      targetKind: z.literal('reference'),
      targetId: z.uuid({ error: 'Malformed reference id.' }),
      ...reportFields,
    }),
    z.object({
      targetKind: z.literal('review'),
      targetId: z.uuid({ error: 'Malformed review id.' }),
      ...reportFields,
    }),
  ],
  { error: `targetKind must be one of ${REPORT_TARGET_KINDS.join(', ')}.` },
)
export type NewReport = z.infer<typeof NewReportSchema>

export const NewReportResultSchema = z.object({ reportId: z.string() })
