import { useId } from 'react'
import { Form } from 'react-router'
import { ROOM_TYPES } from '#shared/listing-values.ts'
import { PATHS } from '#shared/api.ts'
import { factFilters } from '#shared/fact-table.ts'
import { SEEKER_AD_FACTS, SEEKER_AD_FILTER_PARAMS } from '#shared/seeker-ad-facts.ts'
import { FiltersFold } from '../../components/form/filters-fold.tsx'
import { PlaceCombobox } from '../places/place-combobox.tsx'
import { TypedPlaceNote, type TypedPlace } from '../places/typed-place-note.tsx'

/** What Rooms wanted's address holds: the API's filters (its parameter list), the order, and the place's label. */
export const VIEW_KEYS = [...SEEKER_AD_FILTER_PARAMS, 'nearName', 'sort'] as const
export type SeekerView = Partial<Record<(typeof VIEW_KEYS)[number], string>>

/** The fact table's bounded filters (dates, numbers), each a field of its own. */
const FACT_FIELDS = factFilters(SEEKER_AD_FACTS).filter((filter) => filter.bound)

const SORT_LABELS = { newest: 'Newest first', budget_desc: 'Highest budget first', match: 'Best match first' }

type SeekerFiltersProps = { view: SeekerView; typedPlace?: TypedPlace | null }

/**
 * Rooms wanted's filters: a plain GET form, so they work before the app's code has loaded (a place typed without
 * picking a suggestion goes as `nearText`, for the page to take the best match) and a search is an address one can
 * share and go Back to. Its fields are uncontrolled, so hydration keeps what was typed.
 */
export function SeekerFilters({ view, typedPlace = null }: SeekerFiltersProps) {
  const noteId = useId()
  const count = VIEW_KEYS.filter((key) => key !== 'sort' && key !== 'nearName' && view[key]).length
  return (
    <FiltersFold count={count} isOpenAtFirst={Boolean(typedPlace)}>
      <Form
        method="get"
        action={PATHS.roomsWanted}
        role="search"
        aria-label="Filter rooms wanted"
        className="grid items-end gap-4 rounded-box bg-base-200 p-4 sm:grid-cols-2 lg:grid-cols-6"
      >
        <div className="flex flex-col gap-1.5 lg:col-span-2">
          <PlaceCombobox
            label="Looking near"
            name="near"
            labelName="nearName"
            textName="nearText"
            defaultText={typedPlace?.usedLabel === null ? typedPlace.typed : ''}
            isInvalid={typedPlace?.usedLabel === null}
            describedBy={typedPlace ? noteId : undefined}
            placeholder="A town or city"
            defaultPlace={view.near && view.nearName ? { id: Number(view.near), label: view.nearName } : null}
          />
          <TypedPlaceNote id={noteId} typedPlace={typedPlace} shown="people looking" />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="rent" className="text-sm font-medium">
            My room's rent
          </label>
          <input
            id="rent"
            name="rent"
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            className="input w-full"
            defaultValue={view.rent ?? ''}
          />
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor="roomType" className="text-sm font-medium">
            Room type
          </label>
          <select id="roomType" name="roomType" className="select w-full" defaultValue={view.roomType ?? ''}>
            <option value="">Any</option>
            {ROOM_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </div>
        {FACT_FIELDS.map(({ param, label, fact }) => (
          <div key={param} className="flex flex-col gap-1.5">
            <label htmlFor={param} className="text-sm font-medium">
              {label}
            </label>
            <input
              id={param}
              name={param}
              {...(fact.kind === 'wholeNumber'
                ? { type: 'number', inputMode: 'numeric' as const, min: fact.min, max: fact.max }
                : { type: 'date' })}
              className="input w-full"
              defaultValue={view[param as keyof SeekerView] ?? ''}
            />
          </div>
        ))}
        <div className="flex flex-col gap-1.5">
          <label htmlFor="sort" className="text-sm font-medium">
            Order
          </label>
          <select id="sort" name="sort" className="select w-full" defaultValue={view.sort ?? 'newest'}>
            {Object.entries(SORT_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary sm:col-span-2 lg:col-span-6 lg:justify-self-end">
          Search
        </button>
      </Form>
    </FiltersFold>
  )
}
