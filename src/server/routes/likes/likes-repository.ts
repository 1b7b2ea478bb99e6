import { and, desc, eq, not, sql } from 'drizzle-orm'
import { LIKES_PAGE_SIZE, type LikedListing, type Liker } from '#shared/likes.ts'
import type { Database } from '../../db/client.ts'
import { prepareRaw } from '../../db/prepare-raw.ts'
import { listing, listingLike, user } from '../../db/schema/index.ts'
import { isoText, summaryColumns } from '../../listings/listing-columns.ts'
import {
  contactsShown,
  viewerValues,
  visibleToViewer,
  type ListingViewer,
} from '../../listings/listing-visibility.ts'
import { eitherBlocked } from '../../conversations/blocks.ts'

/** What a like answers: the count, and the owner's contacts for the person who liked (unless a block parts them). */
type LikeRow = { likes: number; number: string; userEmail: string; isOwner: boolean; contactsShown: boolean }

export type LikeOutcome =
  | { outcome: 'liked'; likes: number; contacts?: { number: string; userEmail: string } }
  | { outcome: 'own' }
  | { outcome: 'missing' }

/** Likes: giving one and taking it back, and the two lists they make (the rooms a person liked, the people who liked a room). */
export function createLikesRepository(db: Database) {
  // One statement, so one round trip and atomic. `target` locks the listing against a delete (FOR KEY SHARE, as
  // the like row's foreign key would): a listing deleted meanwhile is simply not found, never a foreign-key error;
  // one hidden from the viewer isn't found either. The owner's own like is never inserted; the row still comes
  // back, so the caller can tell 403 from 404.
  const likeStatement = prepareRaw<LikeRow>(
    db,
    'listing_like',
    sql`
      with target as (
        select id, owner_id from listing where id = ${sql.placeholder('id')} and ${visibleToViewer} for key share
      ), liked as (
        insert into listing_like (listing_id, user_id)
        select id, ${sql.placeholder('viewerId')} from target where owner_id <> ${sql.placeholder('viewerId')}
        on conflict do nothing
        returning listing_id
      ), counted as (
        update listing set likes = likes + 1
        where id = ${sql.placeholder('id')} and exists (select 1 from liked)
        returning likes, number, owner_id
      ), unchanged as (
        -- A like that already existed, or the owner's. FOR SHARE reads the newest committed count: when the same
        -- person's concurrent like just added it, this statement's snapshot would still show the old one.
        select likes, number, owner_id from listing
        where id in (select id from target) and not exists (select 1 from liked)
        for share
      )
      select row.likes, row.number, row.owner_id = ${sql.placeholder('viewerId')} as "isOwner", u.email as "userEmail",
        ${contactsShown(sql`row.owner_id`, sql`true`)} as "contactsShown"
      from (select * from counted union all select * from unchanged) as row
      join "user" as u on u.id = row.owner_id`,
  )

  // One statement, so the like row and the count change together or not at all. Two unlikes at once by the same
  // person: the second DELETE waits for the first's row lock, then finds the row gone, deletes nothing and leaves
  // the count alone. No row at all: the listing doesn't exist, or is hidden from the viewer (then the like stays).
  const unlikeStatement = prepareRaw<{ likes: number }>(
    db,
    'listing_unlike',
    sql`
      with target as (
        select id from listing where id = ${sql.placeholder('id')} and ${visibleToViewer}
      ), unliked as (
        delete from listing_like
        where listing_id in (select id from target) and user_id = ${sql.placeholder('viewerId')}
        returning listing_id
      ), counted as (
        update listing set likes = likes - 1
        where id = ${sql.placeholder('id')} and exists (select 1 from unliked)
        returning likes
      ), unchanged as (
        -- Nothing to take back. FOR SHARE reads the newest committed count, as the like statement does.
        select likes from listing
        where id in (select id from target) and not exists (select 1 from unliked)
        for share
      )
      select likes from counted
      union all
      select likes from unchanged`,
  )

  // Browse's summary columns (ListingSummarySchema) and when the like was given, of the rooms the viewer may read.
  const liked = and(eq(listingLike.userId, sql.placeholder('viewerId')), visibleToViewer)
  const likedQuery = db
    .select({ ...summaryColumns, likedAt: isoText(listingLike.createdAt) })
    .from(listingLike)
    .innerJoin(listing, eq(listing.id, listingLike.listingId))
    .innerJoin(user, eq(user.id, listing.ownerId))
    .where(liked)
    .orderBy(desc(listingLike.createdAt), desc(listingLike.listingId))
    .limit(LIKES_PAGE_SIZE)
    .prepare('listing_liked_by')

  const likedCountQuery = db
    .select({ count: sql<number>`count(*)::int` })
    .from(listingLike)
    .innerJoin(listing, eq(listing.id, listingLike.listingId))
    .where(liked)
    .prepare('listing_liked_by_count')

  const likersQuery = db
    .select({
      name: user.name,
      photo: sql<string>`coalesce(${user.image}, '')`,
      likedAt: isoText(listingLike.createdAt),
    })
    .from(listingLike)
    .innerJoin(user, eq(user.id, listingLike.userId))
    .where(
      and(
        eq(listingLike.listingId, sql.placeholder('id')),
        not(eitherBlocked(listingLike.userId, sql.placeholder('ownerId'))),
      ),
    )
    .orderBy(desc(listingLike.createdAt), desc(listingLike.userId))
    .limit(LIKES_PAGE_SIZE)
    .prepare('listing_likers')

  const ownerQuery = db
    .select({ ownerId: listing.ownerId })
    .from(listing)
    .where(eq(listing.id, sql.placeholder('id')))
    .prepare('listing_owner_of_likes')

  return {
    /**
     * Records one like per person, refusing the owner's own: one statement, so the like row and the count change
     * together, and a repeated like changes neither. A like leaves `updatedAt` alone (it isn't an edit).
     */
    async like(id: string, viewer: ListingViewer): Promise<LikeOutcome> {
      const [row] = await likeStatement({ id, ...viewerValues(viewer) })
      if (!row) return { outcome: 'missing' }
      if (row.isOwner) return { outcome: 'own' }
      const { likes, number, userEmail } = row
      return { outcome: 'liked', likes, ...(row.contactsShown ? { contacts: { number, userEmail } } : {}) }
    },

    /** Takes back the person's like, if any: the count after it, or undefined for a listing they can't read. */
    async unlike(id: string, viewer: ListingViewer): Promise<number | undefined> {
      const [row] = await unlikeStatement({ id, ...viewerValues(viewer) })
      return row?.likes
    },

    /** The person's newest likes of rooms they may read (at most LIKES_PAGE_SIZE) and how many in all. */
    async likedBy(viewer: ListingViewer): Promise<{ listings: LikedListing[]; total: number }> {
      const values = viewerValues(viewer)
      const [listings, [count]] = await Promise.all([
        likedQuery.execute(values),
        likedCountQuery.execute(values),
      ])
      return { listings, total: count?.count ?? 0 }
    },

    /**
     * The newest people who liked `ownerId`'s listing (at most LIKES_PAGE_SIZE), but for those a block parts from
     * them; the caller checks that it is theirs.
     */
    likers: (id: string, ownerId: string): Promise<Liker[]> => likersQuery.execute({ id, ownerId }),

    async ownerOf(id: string): Promise<string | undefined> {
      const [row] = await ownerQuery.execute({ id })
      return row?.ownerId
    },
  }
}

export type LikesRepository = ReturnType<typeof createLikesRepository>
