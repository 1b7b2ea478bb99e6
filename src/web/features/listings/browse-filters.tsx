import { useId, useState, type FormEvent } from 'react'
import { FaMagnifyingGlass } from 'react-icons/fa6'
import { Link, useLocation, useNavigate } from 'react-router'
import { ROOM_TYPES, type Sort } from '#shared/listing-values.ts'
import { browseSearchParams, type BrowseView } from './browse-api.ts'
import { HouseholdFilters } from './household-filters.tsx'

const SORT_LABELS: Record<Sort, string> = {
  rent_asc: 'Rent: low to high',
  rent_desc: 'Rent: high to low',
  newest: 'Newest',
  match: 'Best match',
}

const rentRange = (data: Record<string, string>) =>
  [data.minRent, data.maxRent].map((value) => (value ? Number(value) : undefined))

/**
 * Search, rent range, room type and sort. Every change becomes the page URL, so a shared link shows the same view.
 * It is a real GET form on the page's own address, with the parameters the loader reads: on the prerendered page,
 * before the app has loaded, Enter or Search submits it as plain HTML (and a choice in a list submits it through
 * src/web/first-paint/start-app.js). Its fields are uncontrolled, so hydration keeps what was typed.
 */
export function BrowseFilters({
  view,
  canSortByMatch = false,
}: {
  view: BrowseView
  canSortByMatch?: boolean
}) {
  const id = useId()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const [rangeError, setRangeError] = useState('')

  function apply(form: HTMLFormElement) {
    const data = Object.fromEntries(new FormData(form)) as Record<string, string>
    const [min, max] = rentRange(data)
    if (min !== undefined && max !== undefined && min > max) {
      setRangeError('Minimum rent must not be more than maximum rent.')
      return
    }
    setRangeError('')
    const query = browseSearchParams({
      ...data,
      sort: data.sort as Sort,
      roomType: undefined,
      minRent: min,
      maxRent: max,
    })
    if (data.roomType) query.set('roomType', data.roomType)
    void navigate({ pathname, search: query.toString() })
  }

  // A refused range loses its message as soon as it is fixed, as every other refused field does.
  function onInput(event: FormEvent<HTMLFormElement>) {
    if (!rangeError) return
    const [min, max] = rentRange(
      Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>,
    )
    if (min === undefined || max === undefined || min <= max) setRangeError('')
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    apply(event.currentTarget)
  }

  const field = 'flex flex-col gap-1 text-sm font-medium'
  return (
    <form
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
        <label className={`${field} col-span-2 @min-[58rem]:col-span-1`} htmlFor={`${id}-q`}>
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
        <label className={field} htmlFor={`${id}-min`}>
          Min rent
          <input
            id={`${id}-min`}
            name="minRent"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            defaultValue={view.minRent ?? ''}
            className="input w-full"
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range` : undefined}
          />
        </label>
        <label className={field} htmlFor={`${id}-max`}>
          Max rent
          <input
            id={`${id}-max`}
            name="maxRent"
            type="number"
            min={0}
            step={1}
            inputMode="numeric"
            defaultValue={view.maxRent ?? ''}
            className="input w-full"
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? `${id}-range` : undefined}
          />
        </label>
        <label className={field} htmlFor={`${id}-room`}>
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
        <label className={field} htmlFor={`${id}-sort`}>
          Sort by
          <select
            id={`${id}-sort`}
            name="sort"
            defaultValue={view.sort}
            className="select w-full"
            onChange={(event) => apply(event.currentTarget.form!)}
          >
            {Object.entries(SORT_LABELS)
              .filter(([value]) => value !== 'match' || canSortByMatch || view.sort === 'match')
              .map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
          </select>
        </label>
        <div className="col-span-2 flex gap-2 @min-[58rem]:col-span-1">
          <button type="submit" className="btn btn-primary flex-1">
            <FaMagnifyingGlass aria-hidden="true" /> Search
          </button>
          <Link to={pathname} className="btn btn-ghost">
            Clear
          </Link>
        </div>
      </div>
      <HouseholdFilters view={view} />
      {rangeError && (
        <p id={`${id}-range`} role="alert" className="mt-3 text-sm font-medium text-error">
          {rangeError}
        </p>
      )}
    </form>
  )
}
