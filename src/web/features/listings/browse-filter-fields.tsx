import type { Sort } from '#shared/listing-values.ts'
import { RADIUS_KM } from '#shared/place-values.ts'
import { PlaceCombobox, type ChosenPlace } from '../places/place-combobox.tsx'
import { TypedPlaceNote, type TypedPlace } from '../places/typed-place-note.tsx'
import type { BrowseView } from './browse-api.ts'

// Browse's filter fields that hold more than a control: each takes the form's id prefix and the view it shows.

export const FIELD = 'flex flex-col gap-1 text-sm font-medium'

const RADII_KM = [2, 5, 10, 15, 25, 50, 100, 200]

const SORT_LABELS: Record<Sort, string> = {
  rent_asc: 'Rent: low to high',
  rent_desc: 'Rent: high to low',
  newest: 'Newest',
  distance: 'Nearest first',
  match: 'Best match',
}

type NearFieldsProps = {
  id: string
  view: BrowseView
  typedPlace: TypedPlace | null
  hasPlace: boolean
  /** A place chosen or cleared, with the box's form. */
  onPlace: (place: ChosenPlace | null, form: HTMLFormElement) => void
  onRadius: (form: HTMLFormElement) => void
}

/** "Near…" (the place box, with the note on a typed name) and "Within", its radius, usable once a place is chosen. */
export function NearFields({ id, view, typedPlace, hasPlace, onPlace, onRadius }: NearFieldsProps) {
  return (
    <>
      <div className="col-span-2">
        <PlaceCombobox
          label="Near…"
          name="near"
          labelName="nearName"
          textName="nearText"
          defaultText={typedPlace?.usedLabel === null ? typedPlace.typed : ''}
          isInvalid={typedPlace?.usedLabel === null}
          describedBy={typedPlace ? `${id}-typed-place` : undefined}
          placeholder="A town or city"
          defaultPlace={
            view.near !== undefined ? { id: view.near, label: view.nearName ?? 'the chosen place' } : null
          }
          onChange={(place, input) => onPlace(place, input.form!)}
        />
        <TypedPlaceNote
          id={`${id}-typed-place`}
          typedPlace={typedPlace}
          shown="rooms"
          hint="Not the one? Type it again and choose from the suggestions."
          className="mt-1"
        />
      </div>
      <label className={FIELD} htmlFor={`${id}-radius`}>
        Within
        <select
          id={`${id}-radius`}
          name="radiusKm"
          defaultValue={String(view.radiusKm ?? RADIUS_KM.default)}
          className="select w-full"
          disabled={!hasPlace}
          onChange={(event) => onRadius(event.currentTarget.form!)}
        >
          {RADII_KM.map((km) => (
            <option key={km} value={km}>
              {km} km
            </option>
          ))}
        </select>
      </label>
    </>
  )
}

/** Min and max rent, both marked and described by the range's error while it stands (`${id}-range`). */
export function RentFields({ id, view, rangeError }: { id: string; view: BrowseView; rangeError: string }) {
  const rentInput = (bound: 'min' | 'max') => (
    <input
      id={`${id}-${bound}`}
      name={`${bound}Rent`}
      type="number"
      min={0}
      step={1}
      inputMode="numeric"
      defaultValue={view[`${bound}Rent`] ?? ''}
      className="input w-full"
      aria-invalid={rangeError ? true : undefined}
      aria-describedby={rangeError ? `${id}-range` : undefined}
    />
  )
  return (
    <>
      <label className={FIELD} htmlFor={`${id}-min`}>
        Min rent
        {rentInput('min')}
      </label>
      <label className={FIELD} htmlFor={`${id}-max`}>
        Max rent
        {rentInput('max')}
      </label>
    </>
  )
}

type SortFieldProps = {
  id: string
  view: BrowseView
  canSortByMatch: boolean
  hasPlace: boolean
  onChange: (form: HTMLFormElement) => void
}

/** The order: "Best match" for those who can have it (or whose address asks for it), nearest first with a place. */
export function SortField({ id, view, canSortByMatch, hasPlace, onChange }: SortFieldProps) {
  return (
    <label className={FIELD} htmlFor={`${id}-sort`}>
      Sort by
      <select
        id={`${id}-sort`}
        name="sort"
        defaultValue={view.sort}
        className="select w-full"
        onChange={(event) => onChange(event.currentTarget.form!)}
      >
        {Object.entries(SORT_LABELS)
          .filter(([value]) => value !== 'match' || canSortByMatch || view.sort === 'match')
          .map(([value, label]) => (
            // Nearest first needs a place to measure from.
            <option key={value} value={value} disabled={value === 'distance' && !hasPlace}>
              {label}
            </option>
          ))}
      </select>
    </label>
  )
}
