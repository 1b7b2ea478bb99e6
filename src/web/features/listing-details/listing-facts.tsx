import type { ReactNode } from 'react'
import { FaCircleCheck } from 'react-icons/fa6'
import { formatRent } from '../../../shared/format.ts'
import type { ListingDetail } from '../../../shared/listing.ts'
import { AvailabilityBadge } from '../listings/availability-badge.tsx'

type ListingFactsProps = { listing: ListingDetail; currency: string }

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-box bg-base-200 p-4">
      <dt className="text-sm text-base-content/80">{term}</dt>
      <dd className="mt-1 font-semibold break-words">{children}</dd>
    </div>
  )
}

/** The listing's particulars as a definition list. */
export function ListingFacts({ listing, currency }: ListingFactsProps) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Fact term="Posted by">{listing.userName}</Fact>
      <Fact term="Email">
        <a className="link" href={`mailto:${listing.userEmail}`}>
          {listing.userEmail}
        </a>
        {listing.ownerVerified && (
          <span className="badge mt-2 flex w-fit gap-1 badge-sm font-semibold badge-success">
            <FaCircleCheck aria-hidden="true" />
            E-mail verified
          </span>
        )}
      </Fact>
      <Fact term="Location">{listing.location}</Fact>
      <Fact term="Rent">{formatRent(listing.rent, currency)} / month</Fact>
      <Fact term="Room type">{listing.roomType}</Fact>
      <Fact term="Availability">
        <AvailabilityBadge availability={listing.availability} />
      </Fact>
      <Fact term="Lifestyle">{listing.lifestyle || 'Not specified'}</Fact>
    </dl>
  )
}
