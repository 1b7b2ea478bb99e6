import { sql, type SQLWrapper } from 'drizzle-orm'
import {
  LISTING_FACTS,
  type Cover,
  type FeaturedListing,
  type Listing,
  type ListingSummary,
} from '#shared/listing.ts'
import { CARD_WIDTH } from '#shared/photos.ts'
import { cardFacts } from '#shared/fact-table.ts'
import { factSelection } from '../db/fact-sql.ts'
import { listing, listingPhoto, user } from '../db/schema/index.ts'
import { posterTrust } from '../references/poster-trust.ts'

// What the listing reads select, each field under its answer's JSON key. Browse, featured and details are the
// busiest reads: Drizzle's per-column mapping and a Date per row were a tenth of the server's CPU on a page of 24,
// so their rows come back from the driver already in the answer's shape (decision 014).

/** The text Date.toISOString() gives: to_char's MS truncates the microseconds, as a JavaScript Date does. */
export const isoText = (column: SQLWrapper) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * PostgreSQL keeps microseconds and a JavaScript Date only milliseconds: the newest-first cursor carries the exact
 * text, or listings created within the same millisecond as a page's last one would be skipped.
 */
export const createdAtExact = sql<string>`to_char(${listing.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`

/** Every field of an answer but the distance, which only browse with near= selects (browse-queries.ts). */
type SelectedKey<T> = Exclude<keyof T, 'distanceKm'>

/**
 * The height of the `size`-wide file of a photo stored at most `width` × `height`, as photoHeightAt() in
 * src/shared/photos.ts works it out (rounded half up, in whole-number arithmetic); listing-columns.test.ts holds
 * the two equal.
 */
export const photoHeightSql = (size: SQLWrapper, width: SQLWrapper, height: SQLWrapper) =>
  sql<number>`(${height} * ${size} * 2 + ${width}) / (2 * ${width})`

/** The cover (the first photo) at the card's width, or null: one index probe per row. */
const cardWidth = sql`least(p.width, ${sql.raw(String(CARD_WIDTH))})`
export const cover = sql<Cover | null>`(
  select json_build_object(
    'url', '/photos/' || p.listing_id || '/' || p.key || '-' || ${cardWidth} || '.webp',
    'width', ${cardWidth},
    'height', ${photoHeightSql(cardWidth, sql`p.width`, sql`p.height`)},
    'placeholder', p.placeholder)
  from ${listingPhoto} as p where p.listing_id = ${listing.id}
  order by p.position, p.created_at limit 1)`

export const summaryColumns = {
  _id: listing.id,
  title: listing.title,
  location: listing.location,
  rent: listing.rent,
  roomType: listing.roomType,
  lifestyle: listing.lifestyle,
  availability: listing.availability,
  userName: user.name,
  isExample: user.isExample,
  likes: listing.likes,
  createdAt: isoText(listing.createdAt),
  confirmedAt: isoText(listing.confirmedAt),
  placeId: listing.placeId,
  placeName: listing.placeName,
  lat: listing.lat,
  lon: listing.lon,
  cover,
  ...factSelection(cardFacts(LISTING_FACTS), listing),
  ...posterTrust(listing.ownerId, user.emailVerified),
} satisfies Record<SelectedKey<ListingSummary>, SQLWrapper>

/** A whole listing with its phone number and the owner's e-mail, as its owner sees it. */
export const listingColumns = {
  ...summaryColumns,
  description: listing.description,
  contact: listing.contact,
  number: listing.number,
  userEmail: user.email,
  ...factSelection(LISTING_FACTS, listing),
  updatedAt: isoText(listing.updatedAt),
} satisfies Record<SelectedKey<Listing>, SQLWrapper>

/** Each field under its JSON key, so a row is the answer as the driver returns it (no per-row mapping). */
export const aliased = (fields: Record<string, SQLWrapper>) =>
  Object.fromEntries(Object.entries(fields).map(([key, field]) => [key, sql`${field}`.as(key)]))

export const summaryFields = aliased(summaryColumns)
export const featuredColumns = {
  _id: listing.id,
  title: listing.title,
  availability: listing.availability,
  location: listing.location,
  userName: user.name,
  isExample: user.isExample,
  rent: listing.rent,
  roomType: listing.roomType,
  confirmedAt: isoText(listing.confirmedAt),
  cover,
  ...factSelection(cardFacts(LISTING_FACTS), listing),
  ...posterTrust(listing.ownerId, user.emailVerified),
} satisfies Record<keyof FeaturedListing, SQLWrapper>
export const featuredFields = aliased(featuredColumns)
