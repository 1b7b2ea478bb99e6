import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { FaChevronLeft, FaChevronRight, FaExpand, FaXmark } from 'react-icons/fa6'
import type { ListingPhoto } from '#shared/listing.ts'
import { placeholderUrl } from '../../lib/photo-placeholder.ts'

type GalleryProps = { photos: ListingPhoto[]; title: string }

const SWIPE_PX = 40

/**
 * The photos on the details page (its own chunk, loaded only for a listing with photos): a strip that swipes on
 * phones (CSS scroll snapping: the browser's own swipe), arrow buttons and the keyboard's arrow keys, and a full
 * screen view in a modal dialog (Escape closes it; swipe or arrows move through the photos there too).
 */
export default function PhotoGallery({ photos, title }: GalleryProps) {
  const track = useRef<HTMLUListElement>(null)
  const dialog = useRef<HTMLDialogElement>(null)
  const [current, setCurrent] = useState(0)
  // The full-screen view exists only while open: its large image isn't fetched before someone asks for it.
  const [isFullScreen, setFullScreen] = useState(false)
  useEffect(() => {
    if (isFullScreen) dialog.current?.showModal()
  }, [isFullScreen])
  const swipeFrom = useRef<number | null>(null)
  const count = photos.length
  const label = (index: number) => `Photo ${index + 1} of ${count}: ${title}`

  const show = (index: number) => {
    const next = (index + count) % count
    setCurrent(next)
    const strip = track.current
    if (strip) strip.scrollTo({ left: next * strip.clientWidth })
  }
  const arrows = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') show(current + 1)
    else if (event.key === 'ArrowLeft') show(current - 1)
    else return
    event.preventDefault()
  }
  const swipe = {
    onPointerDown: (event: PointerEvent) => {
      swipeFrom.current = event.clientX
    },
    onPointerUp: (event: PointerEvent) => {
      if (swipeFrom.current === null) return
      const moved = event.clientX - swipeFrom.current
      swipeFrom.current = null
      if (Math.abs(moved) > SWIPE_PX) show(current + (moved < 0 ? 1 : -1))
    },
  }
  const photo = photos[current]!

  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${title}`} className="grid gap-2">
      <div className="relative">
        <ul
          ref={track}
          tabIndex={0}
          aria-label="Photos (arrow keys move between them)"
          onKeyDown={arrows}
          onScroll={(event) => {
            const strip = event.currentTarget
            const index = Math.round(strip.scrollLeft / Math.max(strip.clientWidth, 1))
            if (index !== current && index >= 0 && index < count) setCurrent(index)
          }}
          className="flex snap-x snap-mandatory overflow-x-auto rounded-box bg-base-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary motion-safe:scroll-smooth [scrollbar-width:none]"
        >
          {photos.map((item, index) => {
            const placeholder = placeholderUrl(item.placeholder)
            return (
              <li
                key={item.id}
                aria-roledescription="slide"
                aria-label={label(index)}
                className="aspect-[4/3] w-full shrink-0 snap-center"
              >
                <img
                  src={item.url}
                  srcSet={item.srcset}
                  sizes="(min-width: 768px) 46rem, 100vw"
                  width={item.width}
                  height={item.height}
                  loading={index === 0 ? 'eager' : 'lazy'}
                  decoding="async"
                  alt={label(index)}
                  className="h-full w-full bg-cover bg-center object-cover"
                  style={placeholder ? { backgroundImage: `url(${placeholder})` } : undefined}
                />
              </li>
            )
          })}
        </ul>
        {count > 1 && <StepButtons current={current} show={show} className="btn-sm opacity-90" />}
        <button
          type="button"
          className="btn btn-sm absolute right-2 bottom-2 opacity-90"
          onClick={() => setFullScreen(true)}
        >
          <FaExpand aria-hidden="true" />
          Full screen
        </button>
      </div>
      <p className="text-center text-sm text-base-content/80" aria-live="polite">
        {current + 1} / {count}
      </p>

      <dialog
        ref={dialog}
        aria-label={`Photos of ${title}, full screen`}
        onKeyDown={arrows}
        onClose={() => setFullScreen(false)}
        className="modal"
      >
        {isFullScreen && (
          <div className="modal-box flex h-full max-h-none w-full max-w-none flex-col gap-3 rounded-none bg-black p-3 text-white">
            <div className="flex items-center justify-between gap-3">
              <p aria-live="polite">
                {current + 1} / {count}
              </p>
              <form method="dialog">
                <button type="submit" className="btn btn-circle btn-sm" aria-label="Close full screen">
                  <FaXmark aria-hidden="true" />
                </button>
              </form>
            </div>
            <div className="relative flex min-h-0 flex-1 items-center justify-center touch-pan-y" {...swipe}>
              <img
                key={photo.id}
                src={photo.url}
                srcSet={photo.srcset}
                sizes="100vw"
                width={photo.width}
                height={photo.height}
                alt={label(current)}
                className="max-h-full max-w-full object-contain select-none"
                draggable={false}
              />
              {count > 1 && <StepButtons current={current} show={show} />}
            </div>
          </div>
        )}
      </dialog>
    </section>
  )
}

/** Previous and next, over the strip and in the full-screen view. */
function StepButtons({
  current,
  show,
  className = '',
}: {
  current: number
  show: (index: number) => void
  className?: string
}) {
  return (
    <>
      <button
        type="button"
        className={`btn btn-circle absolute top-1/2 left-2 -translate-y-1/2 ${className}`}
        aria-label="Previous photo"
        onClick={() => show(current - 1)}
      >
        <FaChevronLeft aria-hidden="true" />
      </button>
      <button
        type="button"
        className={`btn btn-circle absolute top-1/2 right-2 -translate-y-1/2 ${className}`}
        aria-label="Next photo"
        onClick={() => show(current + 1)}
      >
        <FaChevronRight aria-hidden="true" />
      </button>
    </>
  )
}
