import { useEffect, useId, useRef, useState, type FormEvent } from 'react'
import { FaMagnifyingGlass } from 'react-icons/fa6'
import { Link, useLocation, useNavigate } from 'react-router'
import { LISTING_FACTS, ROOM_TYPES, type Sort } from '#shared/listing-values.ts'
import { RADIUS_KM } from '#shared/place-values.ts'
import { FactFilters } from '../../components/facts/fact-filters.tsx'
import { FiltersFold } from '../../components/form/filters-fold.tsx'
import type { ChosenPlace } from '../places/place-combobox.tsx'
import type { TypedPlace } from '../places/typed-place-note.tsx'
import { browseSearchParams, type BrowseView } from './browse-api.ts'
import { FIELD, NearFields, RentFields, SortField } from './browse-filter-fields.tsx'

const rentRange = (data: Record<string, string>) =>
  [data.minRent, data.maxRent].map((value) => (value ? Number(value) : undefined))

/** Why a rent range is refused, or '' when it isn't. */
const rangeErrorOf = (min: number | undefined, max: number | undefined) =>
  min !== undefined && max !== undefined && min > max
    ? 'Minimum rent must not be more than maximum rent.'
    : ''

/**
 * The choices (lists and the switch) show the view the address holds, also where it isn't what was picked: the page
 * sorts nearest first once a place is chosen. Text fields are left as they are: someone may be typing in one.
 */
function showChoices(form: HTMLFormElement, view: BrowseView) {
  const fields = form.elements
  const choose = (name: string, value: string) => {
    const select = fields.namedItem(name)
    if (select instanceof HTMLSelectElement) select.value = value
  }
  choose('sort', view.sort)
  choose('radiusKm', String(view.radiusKm ?? RADIUS_KM.default))
  choose('roomType', view.roomType ?? '')
  const available = fields.namedItem('available')
  if (available instanceof HTMLInputElement) available.checked = view.available === true
}

type BrowseFiltersProps = {
  view: BrowseView
  canSortByMatch?: boolean
  /** A place name searched without picking a suggestion: the page says which place it used, or that none. */
  typedPlace?: TypedPlace | null
}

/**
 * Search, rent range, room type, sort and "Available only". Every change becomes the page URL, so a shared link shows the same view.
 * It is a real GET form on the page's own address, with the parameters the loader reads: on the prerendered page,
 * before the app has loaded, Enter or Search submits it as plain HTML (and a choice in a list submits it through
 * src/web/first-paint/start-app.js). Its fields are uncontrolled, so hydration keeps what was typed.
 *
 * What a person typed is never thrown away by the form's own doing: a change it applies (a room type applies at
 * once) leaves every text field as it is, including one typed into while the new view loaded; its lists and its
 * switch always show the address's view (showChoices). Only an address that comes from elsewhere (Clear, Back, a
 * link) starts the fields over from the view, and so does a place name searched without a suggestion: the page
 * chose the place and the order for the person, and the fields show them. On a phone the form folds behind
 * "Filters" (FiltersFold).
 */
export function BrowseFilters(props: BrowseFiltersProps) {
  const { search } = useLocation()
  // The address the form asked for last, and the fields' generation: a new one (a fresh form) for any other.
  const [asked, setAsked] = useState<string | null>(null)
  const [shown, setShown] = useState({ search, generation: 0 })
  if (search !== shown.search) {
    const isAsIs = search === asked && !props.typedPlace
    setShown({ search, generation: isAsIs ? shown.generation : shown.generation + 1 })
  }
  return (
    <FiltersFold count={filterCount(props.view)} isOpenAtFirst={Boolean(props.typedPlace)}>
      <FilterForm key={shown.generation} {...props} onApply={setAsked} />
    </FiltersFold>
  )
}

/** The filters a view sets: what its address holds but the order, and a place with its radius counts once. */
const filterCount = (view: BrowseView) =>
  [...browseSearchParams(view).keys()].filter((key) => !['sort', 'radiusKm', 'nearName'].includes(key)).length

/**
 * The address the form asks for (its `search`, '' for none), or why it can't. `place` is a place just chosen (or
 * cleared): its hidden fields still hold the previous one until re-render.
 */
function askedSearch(
  form: HTMLFormElement,
  view: BrowseView,
  place?: ChosenPlace | null,
): { search: string } | { error: string } {
  // A field several boxes share (advertiser=) holds their values comma-separated, as browse's address writes them.
  const data: Record<string, string> = {}
  for (const [key, value] of new FormData(form))
    data[key] = key in data && data[key] ? `${data[key]},${String(value)}` : String(value)
  if (place !== undefined) {
    // The box's text is still in the form until it re-renders: a choice (or clearing it) replaces it.
    delete data.nearText
    data.near = place ? String(place.id) : ''
    data.nearName = place?.label ?? ''
    // Choosing a place is asking what is near it: nearest first, unless another order was picked.
    if (place && data.sort === 'rent_asc' && view.near === undefined) data.sort = 'distance'
  }
  const [min, max] = rentRange(data)
  const error = rangeErrorOf(min, max)
  if (error) return { error }
  const query = browseSearchParams({
    ...data,
    sort: data.sort as Sort,
    roomType: undefined,
    minRent: min,
    maxRent: max,
    available: data.available === 'true' || undefined,
    near: data.near ? Number(data.near) : undefined,
    radiusKm: data.radiusKm ? Number(data.radiusKm) : undefined,
  })
  if (data.roomType) query.set('roomType', data.roomType)
  const text = query.toString()
  return { search: text ? `?${text}` : '' }
}

function FilterForm({
  view,
  canSortByMatch = false,
  typedPlace = null,
  onApply,
}: BrowseFiltersProps & { onApply: (search: string) => void }) {
  const id = useId()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  // An address can hold a refused range too: the form sent as plain HTML before the app had loaded checked nothing.
  const [rangeError, setRangeError] = useState(() => rangeErrorOf(view.minRent, view.maxRent))
  const [hasPlace, setHasPlace] = useState(view.near !== undefined)
  const formElement = useRef<HTMLFormElement>(null)
  useEffect(() => showChoices(formElement.current!, view), [view])

  /** `place` is a place just chosen (or cleared): its hidden fields still hold the previous one until re-render. */
  function apply(form: HTMLFormElement, place?: ChosenPlace | null) {
    const asked = askedSearch(form, view, place)
    setRangeError('error' in asked ? asked.error : '')
    if ('error' in asked) return
    onApply(asked.search)
    void navigate({ pathname, search: asked.search })
  }

  // A refused range loses its message as soon as it is fixed, as every other refused field does.
  function onInput(event: FormEvent<HTMLFormElement>) {
    if (!rangeError) return
    const [min, max] = rentRange(
      Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>,
    )
    if (!rangeErrorOf(min, max)) setRangeError('')
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    apply(event.currentTarget)
  }

  return (
    <form
      ref={formElement}
      method="get"
      action={pathname}
      onSubmit={onSubmit}
      onInput={onInput}
      role="search"
      aria-label="Filter listings"
      className="@container rounded-box border border-base-300 bg-base-200 p-4"
    >
      {/* One row only where the form (not the window: the dashboard's sidebar takes room) fits every field at a width
          that shows its longest choice, "Rent: low to high" with the select's arrow beside it; two columns below. */}
      <div className="grid grid-cols-2 gap-3 sm:gap-4 @min-[58rem]:grid-cols-[minmax(10rem,2fr)_minmax(6rem,1fr)_minmax(6rem,1fr)_minmax(7rem,1fr)_minmax(11.5rem,1.3fr)_auto] @min-[58rem]:items-end">
        <NearFields
          id={id}
          view={view}
          typedPlace={typedPlace}
          hasPlace={hasPlace}
          onPlace={(place, form) => {
            setHasPlace(place !== null)
            apply(form, place)
          }}
          onRadius={apply}
        />
        <div className="hidden @min-[58rem]:col-span-3 @min-[58rem]:block" />
        <label className={`${FIELD} col-span-2 @min-[58rem]:col-span-1`} htmlFor={`${id}-q`}>
          Location or title
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            defaultValue={view.q ?? ''}
            maxLength={100}
            placeholder="e.g. Austin, studio"
            className="input w-full"
          />
        </label>
        <RentFields id={id} view={view} rangeError={rangeError} />
        <label className={FIELD} htmlFor={`${id}-room`}>
          Room type
          <select
            id={`${id}-room`}
            name="roomType"
            defaultValue={view.roomType ?? ''}
            className="select w-full"
            onChange={(event) => apply(event.currentTarget.form!)}
          >
            <option value="">All</option>
            {ROOM_TYPES.map((type) => (
              <option key={type}>{type}</option>
            ))}
          </select>
        </label>
        <SortField id={id} view={view} canSortByMatch={canSortByMatch} hasPlace={hasPlace} onChange={apply} />
        <div className="col-span-2 flex gap-2 @min-[58rem]:col-span-1">
          <button type="submit" className="btn btn-primary flex-1">
            <FaMagnifyingGlass aria-hidden="true" /> Search
          </button>
          <Link to={pathname} className="btn btn-ghost">
            Clear
          </Link>
        </div>
        <label
          className="col-span-2 flex cursor-pointer items-center gap-2 justify-self-start text-sm font-medium @min-[58rem]:col-span-6"
          htmlFor={`${id}-available`}
        >
          <input
            id={`${id}-available`}
            name="available"
            type="checkbox"
            value="true"
            role="switch"
            defaultChecked={view.available === true}
            className="toggle toggle-primary toggle-sm"
            onChange={(event) => apply(event.currentTarget.form!)}
          />
          Available only
        </label>
      </div>
      <FactFilters
        table={LISTING_FACTS}
        view={view}
        summary="Household filters"
        legend="Only listings that say"
      />
      {rangeError && (
        <p id={`${id}-range`} role="alert" className="mt-3 text-sm font-medium text-error">
          {rangeError}
        </p>
      )}
    </form>
  )
}
