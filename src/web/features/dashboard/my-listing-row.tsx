import { FaPen, FaTrash } from 'react-icons/fa'
import { Link, useFetcher } from 'react-router'
import { PATHS } from '../../../shared/api.ts'
import { formatRent } from '../../../shared/format.ts'
import type { Listing } from '../../../shared/listing.ts'
import { confirmDanger } from './popup.ts'

type MyListingRowProps = { listing: Listing; currency: string }

export function MyListingRow({ listing, currency }: MyListingRowProps) {
  const fetcher = useFetcher<{ deleted: boolean }>()
  const isDeleting = fetcher.state !== 'idle'

  async function handleDelete() {
    const isSure = await confirmDanger(
      'Are you sure?',
      "You won't be able to revert this!",
      'Yes, delete it!',
    )
    if (isSure) await fetcher.submit({ id: listing._id }, { method: 'delete' })
  }

  // Gone from the table as soon as the server confirms, before the list reloads.
  if (fetcher.data?.deleted) return null
  return (
    <tr>
      <th scope="row" className="max-w-56 font-semibold break-words">
        {listing.title}
      </th>
      <td className="max-w-48 break-words">{listing.location}</td>
      <td className="whitespace-nowrap">{formatRent(listing.rent, currency)}</td>
      <td>{listing.roomType}</td>
      <td>
        <div className="flex flex-wrap gap-2">
          <Link
            to={PATHS.editListing(listing._id)}
            className="btn btn-sm btn-primary"
            aria-label={`Update ${listing.title}`}
          >
            <FaPen aria-hidden="true" /> Update
          </Link>
          <button
            type="button"
            className="btn btn-sm btn-error"
            onClick={() => void handleDelete()}
            disabled={isDeleting}
            aria-label={`Delete ${listing.title}`}
          >
            <FaTrash aria-hidden="true" /> {isDeleting ? 'Deleting…' : 'Delete'}
          </button>
        </div>
      </td>
    </tr>
  )
}
