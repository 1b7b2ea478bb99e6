import { isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import type { SessionUser } from '../plugins/auth.ts'
import { listing, listingLike } from '../db/schema/index.ts'
import { eitherBlocked } from '../conversations/blocks.ts'

// Who may read a listing, and its contacts (docs/decisions/073). Every statement that reads listings for someone
// says which rule it reads them under; none writes its own test of `hidden_reason`, of a like or of a block.

/** A signed-in reader: moderators (ADMIN_EMAILS) read what moderation hid. */
export type ListingViewer = { id: string; isModerator: boolean }

const viewerId = sql.placeholder('viewerId')

/**
 * Shown to everyone: moderation (reports, a moderator, its owner's suspension) hasn't hidden it. The lists that
 * are the same for everyone read only these: browse, featured, the words "did you mean" suggests. Browse's indexes
 * carry `hidden_reason`, so their walks test it as they go.
 */
export const shownToEveryone: SQL = isNull(listing.hiddenReason)

/**
 * Readable by the statement's viewer (the placeholders `viewerId` and `viewerIsModerator`: viewerValues): shown to
 * everyone, or theirs, or they are a moderator. To anyone else a hidden listing doesn't exist: details, a like, an
 * unlike and the rooms one liked read listings under this rule.
 */
export const visibleToViewer: SQL = sql`(${shownToEveryone} or ${listing.ownerId} = ${viewerId}
  or ${sql.placeholder('viewerIsModerator')}::boolean)`

/** The signed-in caller as a reader of listings. */
export const listingViewer = async (app: FastifyInstance, user: SessionUser): Promise<ListingViewer> => ({
  id: user.id,
  isModerator: await app.isModerator(user),
})

/** The values of visibleToViewer's placeholders. */
export const viewerValues = (viewer: ListingViewer) => ({
  viewerId: viewer.id,
  viewerIsModerator: viewer.isModerator,
})

/** Whether the statement's viewer liked the listing. */
export const likedByViewer = sql<boolean>`exists (select 1 from ${listingLike}
  where ${listingLike.listingId} = ${listing.id} and ${listingLike.userId} = ${viewerId})`

/**
 * The listing's phone number and e-mail are the viewer's to read: it is their own (`ownerId`), or they liked it
 * (`isLiked`) and neither of the two blocked the other.
 */
export const contactsShown = (ownerId: SQLWrapper, isLiked: SQLWrapper) =>
  sql<boolean>`(${ownerId} = ${viewerId} or (${isLiked} and not ${eitherBlocked(ownerId, viewerId)}))`
