import { lazy, Suspense, useState } from 'react'
import { PIN } from '#shared/place-values.ts'
import { Spinner } from '../../components/spinner.tsx'

const PinMap = lazy(() => import('./pin-map.tsx'))

type Point = { lat: number; lon: number }

type PinFieldProps = {
  /** The chosen place: its label and its own point (null when not known: a saved listing's pinned place). */
  place: { label: string; center: Point | null } | null
  /** The saved listing's pin, if it has one. The form remounts this field for another place. */
  defaultPin: Point | null
}

/**
 * An optional pin within the chosen place, sent as `lat` and `lon` (empty for none: the place's own point). The map
 * loads only when the poster asks for it.
 */
export function PinField({ place, defaultPin }: PinFieldProps) {
  const [pin, setPin] = useState<Point | null>(defaultPin)
  const [isOpen, setIsOpen] = useState(false)
  // Where the map opens: the place's own point, or the saved pin when that is all there is (it doesn't follow the pin).
  const center = place?.center ?? defaultPin
  return (
    <fieldset className="flex flex-col gap-2 md:col-span-2">
      <legend className="text-sm font-medium">Where in the town (optional)</legend>
      <input type="hidden" name="lat" value={pin && place ? String(pin.lat) : ''} />
      <input type="hidden" name="lon" value={pin && place ? String(pin.lon) : ''} />
      {!place ? (
        <p className="text-sm text-base-content/80">
          Choose a town or city first; then you can pin the room.
        </p>
      ) : (
        <>
          <p id="pin-status" className="text-sm" aria-live="polite">
            {!pin
              ? `The room is shown at the centre of ${place.label}.`
              : `The room is pinned within ${place.label}; others see it to about ${PIN.gridM} m, never an address.`}
          </p>
          <div className="flex flex-wrap gap-2">
            {center && (
              <button
                type="button"
                className="btn btn-sm btn-outline"
                aria-expanded={isOpen}
                onClick={() => setIsOpen(!isOpen)}
              >
                {isOpen ? 'Hide the map' : 'Pin it on a map'}
              </button>
            )}
            {pin && (
              <button type="button" className="btn btn-sm btn-ghost" onClick={() => setPin(null)}>
                Remove the pin
              </button>
            )}
          </div>
          {isOpen && center && (
            <Suspense fallback={<Spinner label="Loading the map…" />}>
              <PinMap center={center} pin={pin} onPin={setPin} />
            </Suspense>
          )}
        </>
      )}
    </fieldset>
  )
}
