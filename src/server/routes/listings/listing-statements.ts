import { and, eq, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm'
import { NewListingSchema, type FeaturedListing, type Listing, type NewListing } from '#shared/listing.ts'
import type { Profile } from '#shared/match.ts'
import type { MyListing } from '#shared/reports.ts'
import type { Database } from '../../db/client.ts'
import { literalLimit, prepareRaw } from '../../db/prepare-raw.ts'
import { listing, listingPhoto, livingProfile, user } from '../../db/schema/index.ts'
import { hiddenStateOf } from '../../moderation/hidden-state.ts'
import type { PhotoRow } from '../photos/photos-repository.ts'
import { aliased, featuredFields, listingColumns } from '../../listings/listing-columns.ts'
import {
  contactsShown,
  likedByViewer,
  shownToEveryone,
  visibleToViewer,
} from '../../listings/listing-visibility.ts'

/** A listing with what decides who may see its phone number and e-mail. */
export type ListingWithOwner = Listing & { number: string; ownerId: string; likedByMe: boolean }

/**
 * Everything the details page answers, read in one round trip: the listing, whether the viewer liked it, its
 * photos in order, and the two living profiles its explained match is worked out from (null: that one has none).
 */
export type ListingDetailRow = ListingWithOwner & {
  /** The viewer may read the phone number and the e-mail (listing-visibility.ts). */
  contactsShown: boolean
  photoRows: PhotoRow[]
  viewerProfile: Profile | null
  posterProfile: Profile | null
}

const photoRows = sql<PhotoRow[]>`(select coalesce(json_agg(json_build_object('id', p.id, 'key', p.key,
    'width', p.width, 'height', p.height, 'placeholder', p.placeholder) order by p.position, p.created_at), '[]')
  from ${listingPhoto} as p where p.listing_id = ${listing.id})`
const profileOf = (userId: SQLWrapper) =>
  sql<Profile | null>`(select json_build_object('answers', lp.answers, 'interests', lp.interests)
  from ${livingProfile} as lp where lp.user_id = ${userId})`

const FEATURED_COUNT = 6
// The place's four columns are written from the gazetteer entry and the pin, not from the client's fields alone.
const PLACE_FIELDS = ['placeId', 'placeName', 'lat', 'lon'] as const
const NEW_LISTING_FIELDS = Object.keys(NewListingSchema.shape).filter(
  (key) => !(PLACE_FIELDS as readonly string[]).includes(key),
) as Exclude<keyof NewListing, (typeof PLACE_FIELDS)[number]>[]

/** The listing statements of a fixed shape, each prepared once by name. */
export function prepareListingStatements(db: Database) {
  return {
    featured: prepareRaw<FeaturedListing>(
      db,
      'listing_featured',
      db
        .select(featuredFields)
        .from(listing)
        .innerJoin(user, eq(listing.ownerId, user.id))
        .where(and(eq(listing.availability, 'Available'), shownToEveryone))
        .orderBy(sql`${listing.createdAt} desc`)
        .limit(literalLimit(FEATURED_COUNT)),
    ),

    details: prepareRaw<ListingDetailRow>(
      db,
      'listing_details',
      db
        .select(
          aliased({
            ...listingColumns,
            ownerId: listing.ownerId,
            likedByMe: likedByViewer,
            contactsShown: contactsShown(listing.ownerId, likedByViewer),
            photoRows,
            viewerProfile: profileOf(sql.placeholder('viewerId')),
            posterProfile: profileOf(listing.ownerId),
          } satisfies Record<Exclude<keyof ListingDetailRow, 'distanceKm'>, SQLWrapper>),
        )
        .from(listing)
        .innerJoin(user, eq(listing.ownerId, user.id))
        .where(and(eq(listing.id, sql.placeholder('id')), visibleToViewer)),
    ),

    owned: prepareRaw<MyListing>(
      db,
      'listing_owned',
      db
        .select({
          ...aliased(listingColumns),
          hidden: hiddenStateOf('listing', listing.hiddenReason, listing.id).as('hidden'),
        })
        .from(listing)
        .innerJoin(user, eq(listing.ownerId, user.id))
        .where(eq(listing.ownerId, sql.placeholder('ownerId')))
        .orderBy(sql`${listing.createdAt} desc`),
    ),

    // Every field is a placeholder, so the statement is built and planned once (zod has filled in the defaults).
    insert: db
      .insert(listing)
      .values({
        ...(Object.fromEntries(
          [...NEW_LISTING_FIELDS, ...PLACE_FIELDS].map((field) => [field, sql.placeholder(field)]),
        ) as Record<(typeof NEW_LISTING_FIELDS)[number] | (typeof PLACE_FIELDS)[number], Placeholder>),
        ownerId: sql.placeholder('ownerId'),
        likes: 0,
      })
      .returning({ id: listing.id })
      .prepare('listing_insert'),

    ownerCount: db
      .select({ count: sql<number>`count(*)::int` })
      .from(listing)
      .where(eq(listing.ownerId, sql.placeholder('ownerId')))
      .prepare('listing_owner_count'),

    // "Did you mean": for a search that found nothing, the word of a title or location closest to what was typed,
    // from the listings shown to everyone. `<%` (word similarity over pg_trgm's default 0.6) is answered by the trigram indexes on both columns; the
    // words of the ten closest listings are then ranked by their own similarity to the search.
    suggestion: prepareRaw<{ word: string }>(
      db,
      'listing_suggestion',
      sql`
        select word from (
          select ${listing.title} as title, ${listing.location} as location from ${listing}
          where (${sql.placeholder('q')} <% ${listing.location} or ${sql.placeholder('q')} <% ${listing.title})
            and ${shownToEveryone}
          order by greatest(word_similarity(${sql.placeholder('q')}, ${listing.location}),
                            word_similarity(${sql.placeholder('q')}, ${listing.title})) desc
          limit 10
        ) as best, regexp_split_to_table(best.location || ' ' || best.title, '[[:space:],;:/()".!?]+') as word
        where length(word) > 1
        order by similarity(word, ${sql.placeholder('q')}) desc, word
        limit 1`,
    ),

    ownerOf: db
      .select({ ownerId: listing.ownerId })
      .from(listing)
      .where(eq(listing.id, sql.placeholder('id')))
      .prepare('listing_owner'),
  }
}
