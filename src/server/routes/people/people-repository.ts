import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { ListingSummary } from '#shared/listing.ts'
import type { PersonProfile } from '#shared/people.ts'
import type { Database } from '../../db/client.ts'
import { listing, replyStat, seekerAd, user } from '../../db/schema/index.ts'
import { aliased, isoText, summaryFields } from '../../listings/listing-columns.ts'
import { shownToEveryone } from '../../listings/listing-visibility.ts'
import { publicReferences } from '../../references/public-references.ts'
import { publicReviews } from '../../reviews/public-reviews.ts'
import { shown as adShown, summaryFields as adSummaryFields } from '../seeker-ads/seeker-ad-statements.ts'

/** Listings a profile shows at most, newest first. */
const LISTINGS_SHOWN = 50

/** The public profile's reads: each prepared once; what others may see of a person, and nothing more. */
export function createPeopleRepository(db: Database) {
  const person = db
    .select({
      _id: user.id,
      name: user.name,
      photo: user.image,
      memberSince: isoText(user.createdAt),
      emailVerified: user.emailVerified,
      replyRate: replyStat.replyRate,
      replyHours: replyStat.replyHours,
    })
    .from(user)
    .leftJoin(replyStat, eq(replyStat.userId, user.id))
    // A suspended person is hidden with everything of theirs (decision 046).
    .where(and(eq(user.id, sql.placeholder('id')), isNull(user.suspendedAt)))
    .prepare('person_profile')
  const listings = db
    .select(summaryFields)
    .from(listing)
    .innerJoin(user, eq(listing.ownerId, user.id))
    .where(and(eq(listing.ownerId, sql.placeholder('id')), shownToEveryone))
    .orderBy(desc(listing.createdAt))
    .limit(LISTINGS_SHOWN)
    .prepare('person_listings')
  const ad = db
    .select(aliased(adSummaryFields))
    .from(seekerAd)
    .innerJoin(user, eq(seekerAd.ownerId, user.id))
    .where(and(eq(seekerAd.ownerId, sql.placeholder('id')), ...adShown))
    .prepare('person_seeker_ad')

  return {
    /** The profile, or undefined for an unknown, deleted or suspended person. */
    async profile(id: string): Promise<PersonProfile | undefined> {
      const [[row], listingRows, [adRow], references, reviews] = await Promise.all([
        person.execute({ id }),
        listings.execute({ id }),
        ad.execute({ id }),
        publicReferences(db, id),
        publicReviews(db, id),
      ])
      if (!row) return undefined
      return {
        ...row,
        references,
        reviews,
        listings: listingRows as unknown as ListingSummary[],
        seekerAd: (adRow as PersonProfile['seekerAd']) ?? null,
      }
    },
  }
}

export type PeopleRepository = ReturnType<typeof createPeopleRepository>
