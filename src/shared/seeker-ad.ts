import { z } from 'zod'
import { factAnswerShape, factFilterShape, factInputShape } from './fact-schemas.ts'
import { PAGE_SIZE, RENT_MAX, ROOM_TYPES } from './listing-values.ts'
import { RoomTypeSchema } from './listing.ts'
import { MatchDetailSchema } from './living-profile.ts'
import { PlaceIdSchema } from './place.ts'
import { SEEKER_AD_FACTS, SEEKER_AD_LIMITS, SEEKER_AD_SORTS, SEEKER_AD_STATUSES } from './seeker-ad-facts.ts'
import { holdsContact } from './message-text.ts'
import { HIDDEN_REASONS, HiddenStateSchema } from './reports.ts'
import { textField } from './text-field.ts'
import { posterTrustShape } from './trust.ts'

export * from './seeker-ad-facts.ts'

// A room-wanted ad (docs/architecture.md §3.7): what its writer sends, what the API answers, and Rooms wanted's query.

// An ad shows no way to reach its writer off Nestmate: people message them here (the contact shield's own test).
const NO_CONTACTS = [
  (value: string) => !holdsContact(value),
  'Keep phone numbers, e-mail addresses and links off your ad: people message you on Nestmate.',
] as const

const { radiusKm } = SEEKER_AD_LIMITS
const RADIUS_MESSAGE = `An area's radius must be ${radiusKm.min} to ${radiusKm.max} km.`
const BUDGET_MESSAGE = `Budget must be a whole number from 0 to ${RENT_MAX.toLocaleString('en-US')}.`

export const SeekerAreaInputSchema = z.object(
  {
    placeId: PlaceIdSchema,
    radiusKm: z.preprocess(
      (value) => (value === '' || value === undefined ? radiusKm.default : value),
      z.coerce
        .number({ error: RADIUS_MESSAGE })
        .min(radiusKm.min, RADIUS_MESSAGE)
        .max(radiusKm.max, RADIUS_MESSAGE),
    ),
  },
  { error: 'Each area is a place and its radius.' },
)

/** What a person writes to their ad (PUT /api/seeker-ad). Name, photo and the match come from the account. */
export const NewSeekerAdSchema = z.object({
  headline: textField('Headline', SEEKER_AD_LIMITS.headline)
    .min(1, 'Headline is required.')
    .refine(...NO_CONTACTS),
  about: textField('About you', SEEKER_AD_LIMITS.about)
    .refine(...NO_CONTACTS)
    .default(''),
  budget: z.preprocess(
    (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
    z
      .number({ error: (issue) => (issue.input === undefined ? 'Budget is required.' : BUDGET_MESSAGE) })
      .int(BUDGET_MESSAGE)
      .min(0, BUDGET_MESSAGE)
      .max(RENT_MAX, BUDGET_MESSAGE),
  ),
  roomTypes: z
    .array(RoomTypeSchema, { error: 'Room types must be a list of Single, Shared or Studio.' })
    .min(1, 'Choose at least one room type.')
    .max(ROOM_TYPES.length, 'Each room type at most once.')
    .refine((types) => new Set(types).size === types.length, 'Each room type at most once.'),
  areas: z
    .array(SeekerAreaInputSchema, { error: 'Areas must be a list of places.' })
    .min(1, 'Choose at least one area.')
    .max(SEEKER_AD_LIMITS.areas, `At most ${SEEKER_AD_LIMITS.areas} areas.`)
    .refine(
      (areas) => new Set(areas.map((area) => area.placeId)).size === areas.length,
      'Each area at most once.',
    ),
  status: z.enum(SEEKER_AD_STATUSES, { error: 'Status must be active or paused.' }).default('active'),
  ...factInputShape(SEEKER_AD_FACTS),
})
export type NewSeekerAdInput = z.input<typeof NewSeekerAdSchema>
export type NewSeekerAd = z.output<typeof NewSeekerAdSchema>

export const SeekerAreaSchema = z.object({ placeId: z.number(), name: z.string(), radiusKm: z.number() })

/** A card on Rooms wanted: no e-mail, no phone, nothing finer than a town. */
export const SeekerAdSummarySchema = z.object({
  _id: z.string(),
  headline: z.string(),
  budget: z.number(),
  moveInFrom: z.string().nullable(),
  minStayMonths: z.number().nullable(),
  roomTypes: z.array(RoomTypeSchema),
  areas: z.array(SeekerAreaSchema),
  userName: z.string(),
  userPhoto: z.string().nullable(),
  /** Made-up demo content, like the demo listings. */
  isExample: z.boolean(),
  createdAt: z.string(),
  confirmedAt: z.string(),
  /** The writer's badges (./trust.ts): e-mail confirmed, references, response stats (null below 3 enquiries). */
  ...posterTrustShape,
  /** For a signed-in viewer with a living profile: 0–100, or null without enough in common. */
  match: z.number().nullable().optional(),
})
export type SeekerAdSummary = z.infer<typeof SeekerAdSummarySchema>

/** The whole ad. */
export const SeekerAdSchema = SeekerAdSummarySchema.omit({ match: true }).extend({
  about: z.string(),
  status: z.enum(SEEKER_AD_STATUSES),
  /** Why moderation hides the ad from everyone but its owner and the moderators; null while it is shown. */
  hiddenReason: z.enum(HIDDEN_REASONS).nullable(),
  updatedAt: z.string(),
  ...factAnswerShape(SEEKER_AD_FACTS),
})
export type SeekerAd = z.infer<typeof SeekerAdSchema>

export const SeekerAdDetailSchema = SeekerAdSchema.extend({
  isOwner: z.boolean(),
  /** The ad's writer: their public profile is /api/people/:ownerId. */
  ownerId: z.string(),
  /** The viewer's match with the seeker, explained; null on one's own ad or when either has no profile. */
  match: MatchDetailSchema.nullable(),
  hasLivingProfile: z.boolean(),
})
export type SeekerAdDetail = z.infer<typeof SeekerAdDetailSchema>

export const SeekerAdIdParamsSchema = z.object({ id: z.uuid({ error: 'Malformed ad id.' }) })

const limit = z.coerce
  .number({ error: 'limit must be 1 to 100.' })
  .int('limit must be 1 to 100.')
  .min(1, 'limit must be 1 to 100.')
  .max(100, 'limit must be 1 to 100.')
  .default(PAGE_SIZE)
const cursor = z.string().max(200, 'Malformed cursor.').optional()
const blank = (value: unknown) => (value === '' ? undefined : value)

export const SeekerAdQuerySchema = z.object({
  sort: z.enum(SEEKER_AD_SORTS, { error: 'sort must be newest, budget_desc or match.' }).default('newest'),
  near: z.preprocess(blank, PlaceIdSchema.optional()),
  rent: z.preprocess(
    blank,
    z.coerce
      .number({ error: `rent must be a whole number from 0 to ${RENT_MAX.toLocaleString('en-US')}.` })
      .int(`rent must be a whole number from 0 to ${RENT_MAX.toLocaleString('en-US')}.`)
      .min(0, `rent must be a whole number from 0 to ${RENT_MAX.toLocaleString('en-US')}.`)
      .max(RENT_MAX, `rent must be a whole number from 0 to ${RENT_MAX.toLocaleString('en-US')}.`)
      .optional(),
  ),
  roomType: z.preprocess(
    (value) => (value === '' || value === 'All' ? undefined : value),
    RoomTypeSchema.optional(),
  ),
  ...factFilterShape(SEEKER_AD_FACTS),
  limit,
  cursor,
})
export type SeekerAdQuery = z.infer<typeof SeekerAdQuerySchema>

/** A listing's fitting seekers: best match first, then newest. */
export const ListingSeekersQuerySchema = z.object({ limit, cursor })
export type ListingSeekersQuery = z.infer<typeof ListingSeekersQuerySchema>

/** The writer's own ad (GET /api/seeker-ad): with whether it is hidden, and why (decision 084). */
export const MySeekerAdSchema = SeekerAdSchema.extend({ hidden: HiddenStateSchema })
export type MySeekerAd = z.infer<typeof MySeekerAdSchema>
