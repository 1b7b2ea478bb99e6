import { z } from 'zod'
import { textField } from './text-field.ts'

// The viewings contract (docs/api.md, Viewings): a listing's viewing times, the slots they make, and the viewings
// people book in them. The slot model is docs/decisions/094.

export const VIEWING_RULES_MAX = 14
export const VIEWING_EXCEPTIONS_MAX = 30
export const MEETING_POINT_MAX = 300
export const CANCEL_REASON_MAX = 300
export const VIDEO_LINK_MAX = 500
/** Slots are offered this many days ahead, from today in the listing's zone. */
export const SLOT_DAYS = 21
/** A booking must start at least this long after it is made. */
export const BOOKING_LEAD_MS = 60 * 60 * 1000
/** "Running late" can be said from this long before the start until the start. */
export const LATE_WINDOW_MS = 2 * 60 * 60 * 1000
export const LATE_MINUTES = [10, 20, 30] as const
export const VIEWING_KINDS = ['in_person', 'video'] as const
export const VIEWING_STATUSES = ['booked', 'cancelled', 'done', 'no_show'] as const

/** Whether the runtime knows `zone` as an IANA time zone (Intl throws a RangeError otherwise). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone })
    return true
  } catch {
    return false
  }
}

const Clock = z
  .string({ error: 'Give a time as HH:MM.' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Give a time as HH:MM (00:00 to 23:59).')
const LocalDate = z.iso.date({ error: 'Give a date as YYYY-MM-DD.' })
const Kind = z.enum(VIEWING_KINDS, { error: 'kind must be in_person or video.' })

const windowFields = {
  from: Clock,
  to: Clock,
  slotMinutes: z
    .int({ error: 'slotMinutes must be a whole number.' })
    .min(15, 'slotMinutes must be 15 to 120.')
    .max(120, 'slotMinutes must be 15 to 120.'),
  capacity: z
    .int({ error: 'capacity must be a whole number.' })
    .min(1, 'capacity must be 1 to 10.')
    .max(10, 'capacity must be 1 to 10.'),
  kind: Kind,
}

export const ViewingRuleSchema = z.object({
  weekday: z
    .int({ error: 'weekday must be 1 (Monday) to 7 (Sunday).' })
    .min(1, 'weekday must be 1 (Monday) to 7 (Sunday).')
    .max(7, 'weekday must be 1 (Monday) to 7 (Sunday).'),
  ...windowFields,
})
export type ViewingRule = z.infer<typeof ViewingRuleSchema>

const DayOffSchema = z.object({ date: LocalDate, off: z.literal(true) })
const ExtraWindowSchema = z.object({ date: LocalDate, ...windowFields })
export const ViewingExceptionSchema = z.union([DayOffSchema, ExtraWindowSchema], {
  error:
    'An exception is { date, off: true } or an extra window { date, from, to, slotMinutes, capacity, kind }.',
})
export type ViewingException = z.infer<typeof ViewingExceptionSchema>
export type ViewingWindow = Omit<ViewingRule, 'weekday'>

const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5))

/** Windows that end before they start, or overlap another window of the same day: one issue each, at the later one. */
function windowIssues(windows: { day: string; path: (string | number)[]; window: ViewingWindow }[]) {
  const issues: { path: (string | number)[]; message: string }[] = []
  const seen: typeof windows = []
  for (const entry of windows) {
    const [from, to] = [minutesOf(entry.window.from), minutesOf(entry.window.to)]
    if (to <= from) {
      issues.push({ path: [...entry.path, 'to'], message: 'A window must end after it starts.' })
      continue
    }
    const clash = seen.find(
      (other) =>
        other.day === entry.day && minutesOf(other.window.from) < to && from < minutesOf(other.window.to),
    )
    if (clash)
      issues.push({ path: [...entry.path, 'from'], message: 'This window overlaps another of that day.' })
    seen.push(entry)
  }
  return issues
}

export const ViewingTimesInputSchema = z
  .object({
    timeZone: z
      .string({ error: 'timeZone is required.' })
      .refine(isTimeZone, 'timeZone must be an IANA time zone, e.g. Europe/Berlin.')
      .meta({ examples: ['Europe/Berlin'] }),
    meetingPoint: textField('meetingPoint', MEETING_POINT_MAX),
    videoLink: z
      .url({ protocol: /^https$/, error: 'videoLink must be an https:// address.' })
      .max(VIDEO_LINK_MAX, `videoLink must be at most ${VIDEO_LINK_MAX} characters.`)
      .nullish()
      .transform((link) => link ?? null),
    rules: z
      .array(ViewingRuleSchema, { error: 'rules must be a list.' })
      .max(VIEWING_RULES_MAX, `At most ${VIEWING_RULES_MAX} weekly windows.`),
    exceptions: z
      .array(ViewingExceptionSchema, { error: 'exceptions must be a list.' })
      .max(VIEWING_EXCEPTIONS_MAX, `At most ${VIEWING_EXCEPTIONS_MAX} exceptions.`),
  })
  .superRefine((times, context) => {
    const extras = times.exceptions.flatMap((exception, index) =>
      'off' in exception ? [] : [{ day: exception.date, path: ['exceptions', index], window: exception }],
    )
    const rules = times.rules.map((rule, index) => ({
      day: String(rule.weekday),
      path: ['rules', index],
      window: rule,
    }))
    for (const issue of windowIssues([...rules, ...extras])) context.addIssue({ code: 'custom', ...issue })
    const hasVideo = [...times.rules, ...extras.map((extra) => extra.window)].some((w) => w.kind === 'video')
    if (hasVideo && !times.videoLink)
      context.addIssue({ code: 'custom', path: ['videoLink'], message: 'A video window needs a videoLink.' })
  })
export type ViewingTimesInput = z.infer<typeof ViewingTimesInputSchema>
/** What the owner's GET and the PUT answer besides the slots: the times as saved. */
export const ViewingTimesSchema = z.object({
  timeZone: z.string(),
  meetingPoint: z.string(),
  videoLink: z.string().nullable(),
  rules: z.array(ViewingRuleSchema),
  exceptions: z.array(ViewingExceptionSchema),
})

export const SlotSchema = z.object({
  start: z.string().describe('ISO 8601 with the zone’s offset'),
  end: z.string(),
  kind: Kind,
  capacity: z.int(),
  free: z.int(),
})
export type Slot = z.infer<typeof SlotSchema>

export const ViewingTimesAnswerSchema = z.object({
  timeZone: z.string(),
  slots: z.array(SlotSchema),
  ...ViewingTimesSchema.omit({ timeZone: true }).partial().shape,
})
export type ViewingTimesAnswer = z.infer<typeof ViewingTimesAnswerSchema>

const Person = z.object({ id: z.string().nullable(), name: z.string(), photo: z.string() })

export const ViewingSchema = z.object({
  _id: z.string(),
  listingId: z.string().nullable(),
  listingTitle: z.string(),
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  kind: Kind,
  status: z.enum(VIEWING_STATUSES),
  seeker: Person,
  poster: Person,
  conversationId: z.string().nullable(),
  meetingPoint: z.string().optional(),
  videoLink: z.string().optional(),
  cancelledBy: z.enum(['seeker', 'poster']).nullable(),
  cancelReason: z.string().nullable(),
  lateMinutes: z.int().nullable(),
})
export type Viewing = z.infer<typeof ViewingSchema>

export const NewViewingSchema = z.object({
  listingId: z.uuid({ error: 'Malformed listing id.' }),
  start: z.iso.datetime({ offset: true, error: 'start must be an ISO 8601 time with its offset.' }),
})
export const ViewingIdParamsSchema = z.object({ id: z.uuid({ error: 'Malformed viewing id.' }) })
export const CancelViewingSchema = z.object({
  reason: textField('reason', CANCEL_REASON_MAX).optional(),
})
export const LateSchema = z.object({
  minutes: z.union(
    LATE_MINUTES.map((m) => z.literal(m)),
    { error: 'minutes must be 10, 20 or 30.' },
  ),
})
export const OutcomeSchema = z.object({
  outcome: z.enum(['done', 'no_show'], { error: 'outcome must be done or no_show.' }),
})
export const ViewingListQuerySchema = z.object({
  role: z.enum(['seeker', 'poster'], { error: 'role must be seeker or poster.' }).default('seeker'),
  when: z.enum(['upcoming', 'past'], { error: 'when must be upcoming or past.' }).default('upcoming'),
  cursor: z.string().max(200, 'Malformed cursor.').optional(),
  limit: z.coerce.number({ error: 'limit must be a number.' }).int().min(1).max(50).default(20),
})
export const ViewingPageSchema = z.object({
  viewings: z.array(ViewingSchema),
  nextCursor: z.string().nullable(),
})

/** A viewing as its share link shows it to someone the seeker trusts: no link, no contacts, no seeker. */
export const SharedViewingSchema = z.object({
  listingTitle: z.string(),
  /** The listing's place as it advertises it; empty once the listing is deleted. */
  location: z.string(),
  /** Where to ring, for a viewing in person; null for a video call (its link stays with the two people). */
  meetingPoint: z.string().nullable(),
  kind: Kind,
  start: z.string(),
  end: z.string(),
  timeZone: z.string(),
  posterName: z.string(),
  status: z.enum(VIEWING_STATUSES),
})
export type SharedViewing = z.infer<typeof SharedViewingSchema>
export const ShareLinkSchema = z.object({ url: z.string() })
/** A share link's token, under the name `id` (one parameter name per path position); an unknown one is a 404. */
export const ShareTokenParamsSchema = z.object({ id: z.string().max(100, 'Malformed share link.') })
