import { useState, type DragEvent, type MouseEvent } from 'react'
import { flushSync } from 'react-dom'
import { FaArrowLeft, FaArrowRight, FaCloudArrowUp, FaImage, FaTrash } from 'react-icons/fa6'
import { PHOTO_LIMITS, PHOTO_TYPES } from '#shared/photos.ts'
import type { PhotoItem, Photos } from './use-photos.ts'

const DRAGGED = 'application/x-nestmate-photo'
const MB = PHOTO_LIMITS.maxBytes / (1024 * 1024)

/**
 * The photos part of the add and edit forms: drop files or choose them (several at once; on a phone the picker
 * offers the camera roll), each with its progress; reorder with the arrow buttons or by dragging (the first is
 * the cover); delete. Every change is announced to screen readers. Buttons are type="button": nothing here
 * submits the listing form, and the file input has no name, so the files never go with it.
 */
export function PhotoManager({ photos }: { photos: Photos }) {
  const [isDropTarget, setDropTarget] = useState(false)
  const { items, refusals, announcement } = photos
  const isFull = items.length >= PHOTO_LIMITS.perListing

  const dropFiles = (event: DragEvent) => {
    if (event.dataTransfer.types.includes(DRAGGED)) return
    event.preventDefault()
    setDropTarget(false)
    photos.add([...event.dataTransfer.files])
  }

  return (
    <fieldset className="grid gap-3 md:col-span-2" aria-describedby="photos-hint">
      <legend className="mb-1 text-sm font-semibold">Photos</legend>
      <p id="photos-hint" className="text-sm text-base-content/80">
        Up to {PHOTO_LIMITS.perListing} photos: JPEG, PNG, WebP or AVIF, {MB} MB each. The first one is the
        cover. Location data and other details stored in the files are removed.
      </p>
      <div
        onDragOver={(event) => {
          if (event.dataTransfer.types.includes(DRAGGED)) return
          event.preventDefault()
          setDropTarget(true)
        }}
        onDragLeave={() => setDropTarget(false)}
        onDrop={dropFiles}
        className={`flex flex-col items-center gap-2 rounded-box border-2 border-dashed p-5 text-center transition-colors ${
          isDropTarget ? 'border-primary bg-primary/10' : 'border-base-300'
        }`}
      >
        <FaCloudArrowUp aria-hidden="true" className="text-3xl text-primary" />
        <p className="text-sm">
          {isFull ? 'This listing has all the photos it can have.' : 'Drag photos here, or'}
        </p>
        <label
          htmlFor="photo-files"
          className={`btn btn-sm btn-outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 ${isFull ? 'btn-disabled' : ''}`}
        >
          Choose photos
          <input
            id="photo-files"
            type="file"
            multiple
            accept={PHOTO_TYPES.join(',')}
            disabled={isFull}
            className="sr-only"
            onChange={(event) => {
              photos.add([...(event.currentTarget.files ?? [])])
              // The same file can be chosen again after a refusal.
              event.currentTarget.value = ''
            }}
          />
        </label>
      </div>
      {refusals.length > 0 && (
        <div className="alert alert-error text-sm" role="alert">
          <ul className="grid gap-1">
            {refusals.map((refusal, index) => (
              <li key={index}>
                <strong className="break-all">{refusal.name}</strong> {refusal.reason}
              </li>
            ))}
          </ul>
        </div>
      )}
      {items.length > 0 && (
        <ol className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Photos, the cover first">
          {items.map((item, index) => (
            <PhotoTile key={item.key} item={item} place={index} count={items.length} photos={photos} />
          ))}
        </ol>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {announcement}
      </p>
    </fieldset>
  )
}

type TileProps = { item: PhotoItem; place: number; count: number; photos: Photos }

/**
 * Moves a photo and keeps the keyboard focus on the button pressed, now in the photo's new place: reordering the
 * list can take a focused element out of the page for a moment, which drops its focus.
 */
function moveKeepingFocus(event: MouseEvent<HTMLButtonElement>, move: () => void) {
  const button = event.currentTarget
  flushSync(move)
  button.focus()
}

function PhotoTile({ item, place, count, photos }: TileProps) {
  const name = `Photo ${place + 1}${place === 0 ? ' (cover)' : ''}`
  const image =
    item.kind === 'photo'
      ? { src: item.photo.url, srcSet: item.photo.srcset, width: item.photo.width, height: item.photo.height }
      : { src: item.preview }
  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.setData(DRAGGED, item.key)
        event.dataTransfer.effectAllowed = 'move'
      }}
      onDragOver={(event) => {
        if (event.dataTransfer.types.includes(DRAGGED)) event.preventDefault()
      }}
      onDrop={(event) => {
        const key = event.dataTransfer.getData(DRAGGED)
        if (!key) return
        event.preventDefault()
        event.stopPropagation()
        photos.moveTo(key, place)
      }}
      className="relative flex flex-col gap-2 rounded-box border border-base-300 bg-base-100 p-2"
    >
      <figure className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded-box bg-base-200">
        {item.kind === 'upload' && item.status === 'failed' ? (
          // The server couldn't read it as a picture: there is nothing to show.
          <FaImage aria-label={`${name}: not added`} role="img" className="text-3xl text-base-content/60" />
        ) : (
          <img
            {...image}
            sizes="(min-width: 640px) 12rem, 45vw"
            alt={name}
            className="h-full w-full object-cover"
          />
        )}
      </figure>
      {place === 0 && <span className="badge badge-primary absolute top-3 left-3">Cover</span>}
      {item.kind === 'upload' && item.status === 'sending' && (
        <progress
          className="progress progress-primary w-full"
          value={Math.round(item.progress * 100)}
          max={100}
          aria-label={`Uploading ${item.file.name}`}
        />
      )}
      {item.kind === 'upload' && item.status === 'waiting' && (
        <p className="text-xs text-base-content/80">Uploads with the listing</p>
      )}
      {item.kind === 'upload' && item.status === 'failed' && (
        <p className="text-xs">
          <strong>Not added:</strong> {item.error}
        </p>
      )}
      <div className="flex justify-between gap-1">
        {/* aria-disabled at either end rather than disabled: the button just pressed keeps the focus, in its new place. */}
        <button
          type="button"
          className="btn btn-square btn-ghost btn-sm"
          aria-label={`Move ${name} earlier`}
          aria-disabled={place === 0 || undefined}
          onClick={(event) => place > 0 && moveKeepingFocus(event, () => photos.moveTo(item.key, place - 1))}
        >
          <FaArrowLeft aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn btn-square btn-ghost btn-sm"
          aria-label={`Move ${name} later`}
          aria-disabled={place === count - 1 || undefined}
          onClick={(event) =>
            place < count - 1 && moveKeepingFocus(event, () => photos.moveTo(item.key, place + 1))
          }
        >
          <FaArrowRight aria-hidden="true" />
        </button>
        <button
          type="button"
          className="btn btn-square btn-ghost btn-sm text-error"
          aria-label={`Delete ${name}`}
          disabled={item.kind === 'upload' && item.status === 'sending'}
          onClick={() => void photos.remove(item.key)}
        >
          <FaTrash aria-hidden="true" />
        </button>
      </div>
    </li>
  )
}
