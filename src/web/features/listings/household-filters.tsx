import { useId } from 'react'
import { factFilters } from '#shared/fact-table.ts'
import { LISTING_FACTS } from '#shared/listing-values.ts'
import type { BrowseView } from './browse-api.ts'

// The listing's household filters (src/shared/listing-facts.ts): bounds first, then the yes-only facts.
const FILTERS = factFilters(LISTING_FACTS)
const BOUNDS = FILTERS.filter((filter) => filter.bound)
const YES_ONLY = FILTERS.filter((filter) => !filter.bound)

/**
 * Move-in date, minimum-stay range and the yes-only household facts, folded away until asked for (open when the
 * URL sets any of them). Plain fields of the browse form, so they travel in its URL like the others.
 */
export function HouseholdFilters({ view }: { view: BrowseView }) {
  const id = useId()
  const valueOf = (param: string) => (view as Record<string, unknown>)[param]
  const isSet = FILTERS.some(({ param }) => valueOf(param) !== undefined)
  const field = 'flex flex-col gap-1 text-sm font-medium'
  return (
    <details className="mt-3" open={isSet}>
      <summary className="cursor-pointer text-sm font-semibold">Household filters</summary>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {BOUNDS.map(({ param, label, fact }) => (
          // A date field is wide: on a phone it takes the row.
          <label
            key={param}
            className={fact.kind === 'day' ? `${field} col-span-2 sm:col-span-1` : field}
            htmlFor={`${id}-${param}`}
          >
            {label}
            <input
              id={`${id}-${param}`}
              name={param}
              {...(fact.kind === 'wholeNumber'
                ? { type: 'number', inputMode: 'numeric' as const, min: fact.min, max: fact.max }
                : { type: 'date' })}
              defaultValue={String(valueOf(param) ?? '')}
              className="input w-full"
            />
          </label>
        ))}
        <fieldset className="col-span-2 flex flex-wrap gap-x-4 gap-y-2 sm:col-span-4">
          <legend className="mb-1 text-sm font-medium">Only listings that say</legend>
          {YES_ONLY.map(({ param, label }) => (
            <label key={param} className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={param}
                value="true"
                defaultChecked={valueOf(param) === 'true'}
                className="checkbox checkbox-sm checkbox-primary"
              />
              {label}
            </label>
          ))}
        </fieldset>
      </div>
    </details>
  )
}
