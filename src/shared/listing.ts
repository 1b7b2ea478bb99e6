import { z } from 'zod'
import { factAnswerShape, factFilterShape, factInputShape } from './fact-schemas.ts'
import { cardFacts } from './fact-table.ts'
import {
  AVAILABILITIES,
  DEFAULT_SORT,
  LIMITS,
  LISTING_FACTS,
  PAGE_SIZE,
  RENT_MAX,
  ROOM_TYPES,
  SORTS,
} from './listing-values.ts'
import { pinFields, PlaceIdSchema, RADIUS_KM, RadiusSchema } from './place.ts'
import { MatchDetailSchema } from './living-profile.ts'
import { PHOTO_LIMITS } from './photos.ts'
import { NUL_FREE } from './text.ts'
import { textField } from './text-field.ts'
import { checkContact } from './contact.ts'
import { posterTrustShape } from './trust.ts'

export * from './listing-values.ts'
export { DaySchema } from './fact-schemas.ts'

export const RoomTypeSchema = z.enum(ROOM_TYPES, { error: 'Room type must be Single, Shared or Studio.' })
export const AvailabilitySchema = z.enum(AVAILABILITIES, {
  error: 'Availability must be Available or Not Available.',
})

const required = (label: string, max: number) => textField(label, max).min(1, `${label} is required.`)

// Forms send strings; the spec's clients send numbers. Both are accepted, an empty string is "missing".
const rent = z.preprocess(
  (value) => (typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value),
  z
    .number({
      error: (issue) => (issue.input === undefined ? 'Rent is required.' : 'Rent must be a number.'),
    })
    .int('Rent must be a whole number.')
    .min(0, 'Rent cannot be negative.')
    .max(RENT_MAX, `Rent must be at most ${RENT_MAX.toLocaleString('en-US')}.`),
)

const phone = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : (value ?? '')),
  textField('Phone number', LIMITS.number).regex(
    /^[0-9+\-() ]*$/,
    'Phone number may contain only digits, spaces, +, -, ( and ).',
  ),
)

/** What a client may write to a listing (POST and PUT). Owner, e-mail, name and likes never come from a client. */
export const NewListingSchema = z.object({
  title: required('Title', LIMITS.title),
  location: required('Location', LIMITS.location),
  rent,
  roomType: z.preprocess((value) => (value === '' ? undefined : value), RoomTypeSchema),
  lifestyle: textField('Lifestyle', LIMITS.lifestyle).default(''),
  description: textField('Description', LIMITS.description).default(''),
  contact: required('Contact info', LIMITS.contact).transform((value, ctx) => {
    const checked = checkContact(value)
    if ('error' in checked) {
      ctx.addIssue({ code: 'custom', message: checked.error })
      return z.NEVER
    }
    return checked.url
  }),
  number: phone.default(''),
  availability: z.preprocess(
    (value) => (value === '' ? undefined : value),
    AvailabilitySchema.default('Available'),
  ),
  /** A gazetteer id; none (or an empty form field) leaves the listing without a place. */
  placeId: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    PlaceIdSchema.optional(),
  ),
  /** An optional pin within the place (src/shared/place.ts); null or left out: the place's own point. */
  ...pinFields,
  /** The household facts (./listing-facts.ts), each null when the poster didn't say. */
  ...factInputShape(LISTING_FACTS),
})
export type NewListingInput = z.input<typeof NewListingSchema>
export type NewListing = z.output<typeof NewListingSchema>

export const IdSchema = z.uuid({ error: 'Malformed listing id.' })
export const IdParamsSchema = z.object({ id: IdSchema })

/** A card's picture: the cover photo at the card's width, its size (so nothing shifts) and its placeholder. */
export const CoverSchema = z.object({
  url: z.string(),
  width: z.number(),
  height: z.number(),
  /** A thumbhash, base64: decoded into a blurred picture while the photo loads. */
  placeholder: z.string(),
})
export type Cover = z.infer<typeof CoverSchema>

/** A photo on the details page: the largest size as `url`, every stored size in `srcset`. */
export const ListingPhotoSchema = CoverSchema.extend({ id: z.string(), srcset: z.string() })
export type ListingPhoto = z.infer<typeof ListingPhotoSchema>

const PhotoIdSchema = z.uuid({ error: 'Malformed photo id.' })
export const PhotoParamsSchema = z.object({ id: IdSchema, photoId: PhotoIdSchema })
/** The listing's photos in their new order, the cover first: each of them exactly once. */
export const PhotoOrderSchema = z.object({
  order: z
    .array(PhotoIdSchema, { error: 'order must be a list of photo ids.' })
    .max(PHOTO_LIMITS.perListing, `A listing has at most ${PHOTO_LIMITS.perListing} photos.`),
})
export type PhotoOrder = z.infer<typeof PhotoOrderSchema>

/** A browse card: no phone number, no e-mail. */
export const ListingSummarySchema = z.object({
  _id: z.string(),
  title: z.string(),
  location: z.string(),
  rent: z.number(),
  roomType: RoomTypeSchema,
  lifestyle: z.string(),
  availability: AvailabilitySchema,
  userName: z.string(),
  /** Made-up demo content: the poster is an example person, and so is everything shown about them. */
  isExample: z.boolean(),
  likes: z.number(),
  createdAt: z.string(),
  /** When the owner last said the room is still there (created, edited or "Still available"). */
  confirmedAt: z.string(),
  /** The gazetteer place, its label and coordinates; all null for a listing without a place. */
  placeId: z.number().nullable(),
  placeName: z.string().nullable(),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
  /** Browse with near= only: kilometres from that place, one decimal. */
  distanceKm: z.number().optional(),
  /** The first photo, or null for a listing without any. */
  cover: CoverSchema.nullable(),
  /** The facts a card shows (./listing-facts.ts `onCard`): who is posting. */
  ...factAnswerShape(cardFacts(LISTING_FACTS)),
  /** The poster's badges (./trust.ts): e-mail confirmed, references, response stats (null below 3 enquiries). */
  ...posterTrustShape,
})
export type ListingSummary = z.infer<typeof ListingSummarySchema>

/** A browse card: for a signed-in viewer with a living profile, the match with the poster and shared interests. */
export const BrowseSummarySchema = ListingSummarySchema.extend({
  /** null: no score (the poster has no profile, too few questions in common, or it's your own listing). */
  match: z.number().nullable().optional(),
  sharedInterests: z.number().optional(),
})
export type BrowseSummary = z.infer<typeof BrowseSummarySchema>

export const ListingSchema = ListingSummarySchema.extend({
  description: z.string(),
  contact: z.string(),
  userEmail: z.string(),
  ...factAnswerShape(LISTING_FACTS),
  /** Present only for the owner and for people who liked the listing. */
  number: z.string().optional(),
  updatedAt: z.string(),
})
export type Listing = z.infer<typeof ListingSchema>

export const ConfirmedSchema = z.object({ confirmedAt: z.string() })

export const ListingDetailSchema = ListingSchema.extend({
  /** Like the phone number: present only for the owner and for people who liked the listing. */
  userEmail: z.string().optional(),
  /** The poster: their public profile is /api/people/:ownerId. */
  ownerId: z.string(),
  likedByMe: z.boolean(),
  isOwner: z.boolean(),
  /** The viewer's match with the poster, explained; null on one's own listing or when either has no profile. */
  match: MatchDetailSchema.nullable(),
  /** Whether the viewer has a living profile (without one, the page invites them to fill it). */
  hasLivingProfile: z.boolean(),
  /** In their order; the first is the cover. */
  photos: z.array(ListingPhotoSchema),
})
export type ListingDetail = z.infer<typeof ListingDetailSchema>

export const FeaturedListingSchema = ListingSummarySchema.pick({
  _id: true,
  title: true,
  availability: true,
  location: true,
  userName: true,
  isExample: true,
  rent: true,
  roomType: true,
  confirmedAt: true,
  cover: true,
  advertiser: true,
  ownerVerified: true,
  referenceCount: true,
  replyRate: true,
  replyHours: true,
})
export type FeaturedListing = z.infer<typeof FeaturedListingSchema>

// Whole numbers, as rents are: the rent column is an integer, so a fraction would reach PostgreSQL as an invalid value.
const optionalRent = z.preprocess(
  (value) => (value === '' || value === undefined ? undefined : Number(value)),
  z
    .number({ error: `Rent bounds must be numbers from 0 to ${RENT_MAX.toLocaleString('en-US')}.` })
    .int(`Rent bounds must be whole numbers from 0 to ${RENT_MAX.toLocaleString('en-US')}.`)
    .min(0)
    .max(RENT_MAX)
    .optional(),
)

export const BrowseQuerySchema = z.object({
  sort: z
    .enum(SORTS, { error: 'sort must be rent_asc, rent_desc, newest, distance or match.' })
    .default(DEFAULT_SORT),
  // "All" is what the filter menu calls "no filter".
  roomType: z.preprocess(
    (value) => (value === '' || value === 'All' ? undefined : value),
    RoomTypeSchema.optional(),
  ),
  q: z
    .string()
    .trim()
    .max(100, 'Search text must be at most 100 characters.')
    .refine(NUL_FREE.check, NUL_FREE.message('Search text'))
    .optional(),
  minRent: optionalRent,
  maxRent: optionalRent,
  // "Available only": off unless asked for, as the spec lists every listing. A checkbox sends `true`.
  available: z
    .enum(['true', 'false'], { error: 'available must be true or false.' })
    .transform((value) => value === 'true' || undefined)
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be 1 to 100.' })
    .int()
    .min(1, 'limit must be 1 to 100.')
    .max(100, 'limit must be 1 to 100.')
    .default(PAGE_SIZE),
  cursor: z.string().max(200, 'Malformed cursor.').optional(),
  near: z.preprocess((value) => (value === '' ? undefined : value), PlaceIdSchema.optional()),
  radiusKm: z.preprocess(
    (value) => (value === '' ? undefined : value),
    RadiusSchema.default(RADIUS_KM.default),
  ),
  // Household filters (./listing-facts.ts): a move-in date, yes-only facts, a stay range.
  ...factFilterShape(LISTING_FACTS),
})
export type BrowseQuery = z.infer<typeof BrowseQuerySchema>

/** A like's answer carries what the details page shows after it, so the page needn't load again. */
export const LikeResultSchema = z.object({
  likes: z.number(),
  liked: z.literal(true),
  number: z.string().optional(),
  // Absent when a block parts the two people (docs/decisions/073).
  userEmail: z.string().optional(),
})
export type LikeResult = z.infer<typeof LikeResultSchema>
