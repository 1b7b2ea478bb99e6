import { FaCalendarAlt, FaPen, FaTrash } from 'react-icons/fa'
import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'

type ListingActionsProps = { id: string; title: string; isDeleting: boolean; onDelete: () => void }

/** Update, viewing times and Delete for one of the person's own listings. */
export function ListingActions({ id, title, isDeleting, onDelete }: ListingActionsProps) {
  return (
    <div className="flex flex-wrap gap-2">
      <Link to={PATHS.editListing(id)} className="btn btn-sm btn-primary" aria-label={`Update ${title}`}>
        <FaPen aria-hidden="true" /> Update
      </Link>
      <Link to={PATHS.viewingTimes(id)} className="btn btn-sm" aria-label={`Viewing times of ${title}`}>
        <FaCalendarAlt aria-hidden="true" /> Viewing times
      </Link>
      <button
        type="button"
        className="btn btn-sm btn-error"
        onClick={onDelete}
        disabled={isDeleting}
        aria-label={`Delete ${title}`}
      >
        <FaTrash aria-hidden="true" /> {isDeleting ? 'Deleting…' : 'Delete'}
      </button>
    </div>
  )
}
