import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { formatRent } from '#shared/format.ts'
import type { MyListing } from '#shared/reports.ts'
import { HiddenNotice } from './hidden-notice.tsx'
import { InterestedPeople } from '../liked-rooms/interested-people.tsx'
import { ListingActions } from './listing-actions.tsx'
import { StillAvailable } from './still-available.tsx'
import { useDeleteListing } from './use-delete-listing.ts'

type MyListingProps = {
  listing: MyListing
  currency: string
  /** How many room-wanted ads fit the listing; undefined for a listing without a place. */
  seekers?: number
}

/** "People looking near here (N)": opens the room-wanted ads that fit the listing. */
function SeekersLink({ id, count }: { id: string; count: number }) {
  return (
    <Link to={PATHS.listingSeekers(id)} className="link link-primary mt-1 block text-sm font-normal">
      People looking near here ({count})
    </Link>
  )
}

/** A row of the My Listings table (tablet and wider). */
export function MyListingRow({ listing, currency, seekers }: MyListingProps) {
  const { remove, isDeleting, isDeleted } = useDeleteListing(listing)
  if (isDeleted) return null
  return (
    <tr>
      <th scope="row" className="max-w-64 font-semibold wrap-anywhere">
        {listing.title}
        {listing.likes > 0 && (
          <InterestedPeople listingId={listing._id} title={listing.title} likes={listing.likes} />
        )}
        {seekers !== undefined && <SeekersLink id={listing._id} count={seekers} />}
        {listing.hidden ? (
          <HiddenNotice hidden={listing.hidden} thing="listing" />
        ) : (
          <StillAvailable listing={listing} />
        )}
      </th>
      <td className="max-w-48 wrap-anywhere">{listing.location}</td>
      <td className="whitespace-nowrap">{formatRent(listing.rent, currency)}</td>
      <td>{listing.roomType}</td>
      <td>
        <ListingActions
          id={listing._id}
          title={listing.title}
          isDeleting={isDeleting}
          onDelete={() => void remove()}
        />
      </td>
    </tr>
  )
}

/** The same listing as a card, for phones, where five columns don't fit. */
export function MyListingCard({ listing, currency, seekers }: MyListingProps) {
  const { remove, isDeleting, isDeleted } = useDeleteListing(listing)
  if (isDeleted) return null
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <h2 className="font-semibold wrap-anywhere">{listing.title}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/80">Location</dt>
          <dd className="wrap-anywhere">{listing.location}</dd>
          <dt className="text-base-content/80">Rent</dt>
          <dd>{formatRent(listing.rent, currency)}</dd>
          <dt className="text-base-content/80">Room Type</dt>
          <dd>{listing.roomType}</dd>
        </dl>
        {listing.likes > 0 && (
          <InterestedPeople listingId={listing._id} title={listing.title} likes={listing.likes} />
        )}
        {seekers !== undefined && <SeekersLink id={listing._id} count={seekers} />}
        {listing.hidden ? (
          <HiddenNotice hidden={listing.hidden} thing="listing" />
        ) : (
          <StillAvailable listing={listing} />
        )}
        <ListingActions
          id={listing._id}
          title={listing.title}
          isDeleting={isDeleting}
          onDelete={() => void remove()}
        />
      </div>
    </li>
  )
}
