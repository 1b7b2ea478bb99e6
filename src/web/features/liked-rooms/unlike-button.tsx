import { FaHeartCrack } from 'react-icons/fa6'

type UnlikeButtonProps = {
  isPending: boolean
  onUnlike: () => void
  /** The listing's title, for the button's name where several are on one page. */
  title?: string
  className?: string
}

/**
 * Takes the viewer's like back (on a listing's details page and in Liked rooms). While it works it is
 * aria-disabled, not `disabled`, so the keyboard focus stays on it until the page moves it on.
 */
export function UnlikeButton({ isPending, onUnlike, title, className = '' }: UnlikeButtonProps) {
  return (
    <button
      type="button"
      className={`btn btn-outline ${className}`}
      onClick={isPending ? undefined : onUnlike}
      aria-disabled={isPending || undefined}
      aria-label={title ? `Unlike ${title}` : undefined}
    >
      <FaHeartCrack aria-hidden="true" /> {isPending ? 'Removing…' : 'Unlike'}
    </button>
  )
}
