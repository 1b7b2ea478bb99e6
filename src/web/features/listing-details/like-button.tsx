import { FaHeart, FaRegHeart } from 'react-icons/fa'
import { Tooltip } from '../../components/tooltip.tsx'

type LikeButtonProps = { isOwner: boolean; isLiked: boolean; isPending: boolean; onLike: () => void }

const OWN_POST = "You can't like your own post"

export function LikeButton({ isOwner, isLiked, isPending, onLike }: LikeButtonProps) {
  if (isOwner) {
    return (
      // On phones the button sits in the action bar at the bottom of the screen: the reason opens above it.
      <Tooltip text={OWN_POST} placement="top" showsOnTap>
        {(tooltipId) => (
          // aria-disabled keeps the button focusable, so keyboard and screen-reader users get the reason too.
          <button
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
  return (
    <button type="button" className="btn btn-primary" onClick={onLike} disabled={isLiked || isPending}>
      {isLiked ? <FaHeart aria-hidden="true" /> : <FaRegHeart aria-hidden="true" />}
      {isLiked ? 'Liked' : isPending ? 'Liking…' : 'Like'}
    </button>
  )
}
