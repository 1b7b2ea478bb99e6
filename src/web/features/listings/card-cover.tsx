import type { SyntheticEvent } from 'react'
import { FaImage } from 'react-icons/fa6'
import type { Cover } from '#shared/listing.ts'
import { placeholderUrl } from '../../lib/photo-placeholder.ts'

/** Once the photo is on screen its blurred placeholder is no longer needed behind it (a transparent PNG). */
const dropPlaceholder = (event: SyntheticEvent<HTMLImageElement>) => {
  event.currentTarget.style.backgroundImage = 'none'
}

/**
 * A card's cover photo: a box of fixed proportions (so nothing moves when it arrives), lazy-loaded (but for the
 * first cards of a page, which are on screen at once and the page's largest paint), over its blurred placeholder. A listing without photos gets a quiet box of the same size, so cards line up.
 */
type CardCoverProps = {
  cover: Cover | null | undefined
  title: string
  /** One of the first cards, on screen at once: fetched at once and first, not when scrolled near. */
  isPriority?: boolean
}

export function CardCover({ cover, title, isPriority = false }: CardCoverProps) {
  if (!cover)
    return (
      <div className="flex aspect-[4/3] items-center justify-center gap-2 rounded-t-box bg-base-200 text-sm text-base-content/80">
        <FaImage aria-hidden="true" />
        No photos yet
      </div>
    )
  const placeholder = placeholderUrl(cover.placeholder)
  return (
    <figure className="aspect-[4/3] overflow-hidden rounded-t-box bg-base-200">
      <img
        src={cover.url}
        width={cover.width}
        height={cover.height}
        loading={isPriority ? 'eager' : 'lazy'}
        fetchPriority={isPriority ? 'high' : undefined}
        decoding="async"
        alt={`Photo of ${title}`}
        onLoad={dropPlaceholder}
        className="h-full w-full bg-cover bg-center object-cover"
        style={placeholder ? { backgroundImage: `url(${placeholder})` } : undefined}
      />
    </figure>
  )
}
