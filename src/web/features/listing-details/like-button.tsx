import { FaHeart, FaRegHeart } from 'react-icons/fa'
import { Tooltip } from 'react-tooltip'

type LikeButtonProps = { isOwner: boolean; isLiked: boolean; isPending: boolean; onLike: () => void }

const OWN_POST = "You can't like your own post"

export function LikeButton({ isOwner, isLiked, isPending, onLike }: LikeButtonProps) {
  if (isOwner) {
    return (
      <>
        {/* aria-disabled keeps the button focusable, so keyboard and screen-reader users get the reason too. */}
        <button
          type="button"
          className="btn btn-primary pointer-events-auto! cursor-not-allowed"
          aria-disabled="true"
          aria-describedby="own-post-hint"
          data-tooltip-id="own-post-tooltip"
        >
          <FaRegHeart aria-hidden="true" /> Like
        </button>
        <span id="own-post-hint" className="sr-only">
          {OWN_POST}
        </span>
        <Tooltip id="own-post-tooltip" content={OWN_POST} />
      </>
    )
  }
  return (
    <button type="button" className="btn btn-primary" onClick={onLike} disabled={isLiked || isPending}>
      {isLiked ? <FaHeart aria-hidden="true" /> : <FaRegHeart aria-hidden="true" />}
      {isLiked ? 'Liked' : isPending ? 'Liking…' : 'Like'}
    </button>
  )
}
