import type { Ref } from 'react'
import { FaHeart, FaRegHeart } from 'react-icons/fa'
import { Tooltip } from '../../components/tooltip.tsx'

type LikeButtonProps = {
  isOwner: boolean
  isLiked: boolean
  isPending: boolean
  onLike: () => void
  ref?: Ref<HTMLButtonElement>
}

const OWN_POST = "You can't like your own post"

/**
 * The spec's Like: once liked it reads Liked and does nothing more. It says so with aria-disabled rather than
 * `disabled`, which would take the focus from whoever just pressed it: keyboard focus stays on the button.
 */
export function LikeButton({ isOwner, isLiked, isPending, onLike, ref }: LikeButtonProps) {
  if (isOwner) {
    return (
      // On phones the button sits in the action bar at the bottom of the screen: the reason opens above it.
      <Tooltip text={OWN_POST} placement="top" showsOnTap>
        {(tooltipId) => (
          // aria-disabled keeps the button focusable, so keyboard and screen-reader users get the reason too.
          <button
            ref={ref}
            type="button"
            className="btn btn-primary pointer-events-auto! cursor-not-allowed"
            aria-disabled="true"
            aria-describedby={tooltipId}
          >
            <FaRegHeart aria-hidden="true" /> Like
          </button>
        )}
      </Tooltip>
    )
  }
  const isInert = isLiked || isPending
  return (
    <button
      ref={ref}
      type="button"
      className="btn btn-primary"
      aria-disabled={isInert || undefined}
      onClick={isInert ? undefined : onLike}
    >
      {isLiked ? <FaHeart aria-hidden="true" /> : <FaRegHeart aria-hidden="true" />}
      {isLiked ? 'Liked' : isPending ? 'Liking…' : 'Like'}
    </button>
  )
}
