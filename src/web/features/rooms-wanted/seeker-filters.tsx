import { Form } from 'react-router'
import { ROOM_TYPES } from '#shared/listing-values.ts'
import { PATHS } from '#shared/api.ts'
import { PlaceCombobox } from '../places/place-combobox.tsx'

/** What Rooms wanted's address holds: the API's filters and order, and the chosen place's label for the box. */
export type SeekerView = {
  near?: string
  nearName?: string
  rent?: string
  roomType?: string
  moveInBy?: string
  sort?: string
}

export const VIEW_KEYS = ['near', 'nearName', 'rent', 'roomType', 'moveInBy', 'sort'] as const

const SORT_LABELS = { newest: 'Newest first', budget_desc: 'Highest budget first', match: 'Best match first' }

/**
 * Rooms wanted's filters: a plain GET form, so they work before the app's code has loaded and a search is an
 * address one can share and go Back to.
 */
export function SeekerFilters({ view }: { view: SeekerView }) {
  return (
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
          placeholder="A town or city"
          defaultPlace={view.near && view.nearName ? { id: Number(view.near), label: view.nearName } : null}
        />
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
      <div className="flex flex-col gap-1.5">
        <label htmlFor="moveInBy" className="text-sm font-medium">
          Free by
        </label>
        <input
          id="moveInBy"
          name="moveInBy"
          type="date"
          className="input w-full"
          defaultValue={view.moveInBy ?? ''}
        />
      </div>
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
  )
}
