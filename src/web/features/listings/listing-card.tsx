import { Link, useLocation } from 'react-router'
import { FaCalendarCheck, FaHeartPulse, FaHouseUser, FaLocationDot, FaRoute, FaUser } from 'react-icons/fa6'
import { confirmedAgo, formatRent } from '#shared/format.ts'
import { LISTING_FACTS } from '#shared/listing-values.ts'
import type { BrowseSummary, ListingSummary } from '#shared/listing.ts'
import { factText } from '../../components/facts/fact-text.ts'
import { NewLabel } from '../../components/new-label.tsx'
import type { ListingTeaser } from '../../lib/login-reason.ts'
import { useNow } from '../../lib/today.ts'
import { AvailabilityBadge } from './availability-badge.tsx'
import { CardCover } from './card-cover.tsx'
import { ExampleBadge } from './example-badge.tsx'
import { posterTrust, TrustBadges } from '../people/trust-badges.tsx'

export type CardListing = Pick<
  ListingSummary,
  | '_id'
  | 'title'
  | 'location'
  | 'availability'
  | 'userName'
  | 'isExample'
  | 'confirmedAt'
  | 'ownerVerified'
  | 'referenceCount'
  | 'replyRate'
  | 'replyHours'
> &
  Partial<
    Pick<
      BrowseSummary,
      'rent' | 'roomType' | 'placeName' | 'distanceKm' | 'match' | 'sharedInterests' | 'cover' | 'advertiser'
    >
  >

type ListingCardProps = {
  listing: CardListing
  /** Where See More goes: the public or the dashboard details route. */
  to: string
  /** The server's currency (loadConfig()); rent is shown only when given. */
  currency?: string
  headingLevel?: 'h2' | 'h3'
  /** Among the first cards on screen: its cover loads at once. */
  isFirst?: boolean
}

const distanceFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
/** "0.4 km", "12 km": one decimal as the API gives it, none where it adds nothing. */
export const formatDistance = (km: number) => `${distanceFormat.format(km)} km`

/** The viewer's match with the poster: a number only when there is one (never a made-up score). */
function MatchFact({ match, shared = 0 }: { match: number | null; shared?: number }) {
  return (
    <div className="flex items-center gap-2">
      <FaHeartPulse aria-hidden="true" className="shrink-0 text-primary" />
      <dt className="sr-only">Match</dt>
      <dd>
        {match === null ? (
          'No match score'
        ) : (
          <span className="font-semibold text-base-content">{match}% match</span>
        )}
        {shared > 0 && ` · ${shared} shared interest${shared === 1 ? '' : 's'}`}
      </dd>
    </div>
  )
}

export function ListingCard({
  listing,
  to,
  currency,
  headingLevel: Heading = 'h3',
  isFirst = false,
}: ListingCardProps) {
  const { pathname, search } = useLocation()
  const now = useNow()
  const rent =
    currency !== undefined && listing.rent !== undefined ? formatRent(listing.rent, currency) : undefined
  // The title and rent ride along for the login page, should the details ask the visitor to sign in first.
  const teaser: ListingTeaser = { title: listing.title, rent: rent && `${rent} / month` }
  return (
    // The whole card opens the listing: See More's click area is stretched over the card (::after), so the
    // card stays one real link with one accessible name, not a link wrapped around headings and lists. The
    // button must not move when pressed (daisyUI nudges it down 0.5 px): a moved box would carry the stretched
    // area with it between press and release, and the click would miss the link.
    <article className="card relative h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md">
      <CardCover cover={listing.cover} title={listing.title} isPriority={isFirst} />
      {listing.isExample && <ExampleBadge className="absolute top-2 left-2" />}
      <NewLabel listingId={listing._id} className="absolute top-2 right-2" />
      <div className="card-body gap-3">
        <div className="flex items-start justify-between gap-3">
          <Heading className="card-title text-lg leading-snug wrap-anywhere">{listing.title}</Heading>
          <AvailabilityBadge availability={listing.availability} />
        </div>
        <dl className="grid gap-1.5 text-sm text-base-content/80">
          <div className="flex items-center gap-2">
            <FaLocationDot aria-hidden="true" className="shrink-0 text-primary" />
            <dt className="sr-only">Location</dt>
            <dd className="wrap-anywhere">
              {listing.location}
              {listing.placeName && !listing.location.includes(listing.placeName) && (
                <span className="text-base-content/70"> · {listing.placeName}</span>
              )}
            </dd>
          </div>
          {listing.distanceKm !== undefined && (
            <div className="flex items-center gap-2">
              <FaRoute aria-hidden="true" className="shrink-0 text-primary" />
              <dt className="sr-only">Distance</dt>
              <dd>{formatDistance(listing.distanceKm)} away</dd>
            </div>
          )}
          {listing.roomType && (
            <div className="flex items-center gap-2">
              <FaHouseUser aria-hidden="true" className="shrink-0 text-primary" />
              <dt className="sr-only">Room type</dt>
              <dd>{listing.roomType} room</dd>
            </div>
          )}
          <div className="flex items-center gap-2">
            <FaUser aria-hidden="true" className="shrink-0 text-primary" />
            <dt className="sr-only">Poster</dt>
            <dd className="min-w-0 wrap-anywhere">
              Posted by: {listing.userName}
              {/* Who is posting, in words; nothing for a listing written before it was asked. */}
              {listing.advertiser && (
                <span className="text-base-content/70">
                  {' '}
                  · {factText(LISTING_FACTS.advertiser, listing.advertiser)}
                </span>
              )}
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <FaCalendarCheck aria-hidden="true" className="shrink-0 text-primary" />
            <dt className="sr-only">Last confirmed</dt>
            {/* The early cards (early-cards.js) write their own words into this element, from its dateTime. */}
            <dd>
              <time dateTime={listing.confirmedAt}>{confirmedAgo(listing.confirmedAt, now)}</time>
            </dd>
          </div>
          {listing.match !== undefined && (
            <MatchFact match={listing.match} shared={listing.sharedInterests} />
          )}
        </dl>
        <TrustBadges trust={posterTrust(listing)} label={`About ${listing.userName}`} />
        <div className="mt-auto flex items-end justify-between gap-3 pt-2">
          {rent ? (
            <p className="text-xl font-bold">
              {rent}
              <span className="text-sm font-normal text-base-content/70"> / month</span>
            </p>
          ) : (
            <span />
          )}
          <Link
            to={to}
            state={{ from: pathname + search, teaser }}
            className="btn btn-sm btn-primary static after:absolute after:inset-0 after:rounded-box after:content-[''] active:translate-none"
            aria-label={`See more about ${listing.title}`}
          >
            See More
          </Link>
        </div>
      </div>
    </article>
  )
}
