import type { ReactNode } from 'react'
import { currencyName, formatRent, confirmedAgo } from '#shared/format.ts'
import { factsForDisplay } from '#shared/fact-table.ts'
import { LISTING_FACTS, type ListingDetail } from '#shared/listing.ts'
import { factText } from '../../components/facts/fact-text.ts'
import { PersonLink, ReplyStatsLine } from '../../components/reply-stats.tsx'
import { useNow } from '../../lib/today.ts'
import { AvailabilityBadge } from '../listings/availability-badge.tsx'
import { posterTrust, TrustBadges } from '../people/trust-badges.tsx'

/**
 * `userEmail`: the poster's address, which the server sends only to the owner and to people who liked it (unless a
 * block parts them from the poster).
 */
type ListingFactsProps = {
  listing: ListingDetail
  userEmail: string | undefined
  isLiked: boolean
  currency: string
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-box bg-base-200 p-4">
      <dt className="text-sm text-base-content/80">{term}</dt>
      <dd className="mt-1 font-semibold wrap-anywhere">{children}</dd>
    </div>
  )
}

/**
 * The listing's particulars as a definition list. The household facts its poster didn't give are folded away under
 * one line that names them, so the facts that say something (and what follows them) come sooner.
 */
export function ListingFacts({ listing, userEmail, isLiked, currency }: ListingFactsProps) {
  const now = useNow()
  const facts = factsForDisplay(LISTING_FACTS)
  const given = facts.filter(([name]) => listing[name] !== null && listing[name] !== undefined)
  const notSaid = facts.filter(([name]) => listing[name] === null || listing[name] === undefined)
  return (
    <div className="flex flex-col gap-3">
      <FactList
        listing={listing}
        userEmail={userEmail}
        isLiked={isLiked}
        currency={currency}
        now={now}
        given={given}
      />
      {notSaid.length > 0 && (
        <details className="rounded-box border border-base-300 px-4 py-3">
          <summary className="cursor-pointer font-medium">
            {notSaid.length === 1 ? '1 thing' : `${notSaid.length} things`} the poster didn’t say
          </summary>
          <p className="mt-2 text-sm text-base-content/80">
            Not said: {notSaid.map(([, fact]) => fact.label).join(', ')}.
          </p>
        </details>
      )}
    </div>
  )
}

type FactListProps = ListingFactsProps & {
  now: ReturnType<typeof useNow>
  given: ReturnType<typeof factsForDisplay<typeof LISTING_FACTS>>
}

function FactList({ listing, userEmail, isLiked, currency, now, given }: FactListProps) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Fact term="Posted by">
        <span className="flex flex-col gap-1">
          <PersonLink id={listing.ownerId} name={listing.userName} />
          <ReplyStatsLine stats={listing} className="font-normal" />
          <TrustBadges trust={posterTrust(listing)} label={`About ${listing.userName}`} />
        </span>
      </Fact>
      <Fact term="Email">
        {userEmail ? (
          <a className="link" href={`mailto:${userEmail}`}>
            {userEmail}
          </a>
        ) : (
          <span className="font-normal text-base-content/80">
            {isLiked ? 'Not shown to you' : 'Shown once you like this listing'}
          </span>
        )}
      </Fact>
      <Fact term="Location">
        {listing.location}
        {listing.placeName && (
          <span className="block text-sm font-normal text-base-content/80">{listing.placeName}</span>
        )}
      </Fact>
      <Fact term="Rent">
        {formatRent(listing.rent, currency)} / month
        <span className="block text-sm font-normal text-base-content/80">
          in {currencyName(currency)}, the one currency this site uses
        </span>
      </Fact>
      <Fact term="Room type">{listing.roomType}</Fact>
      <Fact term="Availability">
        <AvailabilityBadge availability={listing.availability} />
        <span className="block text-sm font-normal text-base-content/80">
          {confirmedAgo(listing.confirmedAt, now)} by the poster
        </span>
      </Fact>
      <Fact term="Lifestyle">{listing.lifestyle || 'Not specified'}</Fact>
      {given.map(([name, fact]) => (
        <Fact key={name} term={fact.label}>
          {factText(fact, listing[name])}
        </Fact>
      ))}
    </dl>
  )
}
