import { useId } from 'react'
import { MIN_STAY_MONTHS, YES_NO_FACT_LABELS, YES_NO_FACTS } from '#shared/listing-values.ts'
import type { BrowseView } from './browse-api.ts'

/**
 * Move-in date, minimum-stay range and the yes-only household facts, folded away until asked for (open when the
 * URL sets any of them). Plain fields of the browse form, so they travel in its URL like the others.
 */
export function HouseholdFilters({ view }: { view: BrowseView }) {
  const id = useId()
  const isSet =
    view.moveInBy !== undefined ||
    view.minStay !== undefined ||
    view.maxStay !== undefined ||
    YES_NO_FACTS.some((fact) => view[fact])
  const field = 'flex flex-col gap-1 text-sm font-medium'
  return (
    <details className="mt-3" open={isSet}>
      <summary className="cursor-pointer text-sm font-semibold">Household filters</summary>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <label className={`${field} col-span-2 sm:col-span-1`} htmlFor={`${id}-move-in`}>
          Move in by
          <input
            id={`${id}-move-in`}
            name="moveInBy"
            type="date"
            defaultValue={view.moveInBy ?? ''}
            className="input w-full"
          />
        </label>
        <label className={field} htmlFor={`${id}-min-stay`}>
          Min stay (months)
          <input
            id={`${id}-min-stay`}
            name="minStay"
            type="number"
            inputMode="numeric"
            min={MIN_STAY_MONTHS.min}
            max={MIN_STAY_MONTHS.max}
            defaultValue={view.minStay ?? ''}
            className="input w-full"
          />
        </label>
        <label className={field} htmlFor={`${id}-max-stay`}>
          Max stay (months)
          <input
            id={`${id}-max-stay`}
            name="maxStay"
            type="number"
            inputMode="numeric"
            min={MIN_STAY_MONTHS.min}
            max={MIN_STAY_MONTHS.max}
            defaultValue={view.maxStay ?? ''}
            className="input w-full"
          />
        </label>
        <fieldset className="col-span-2 flex flex-wrap gap-x-4 gap-y-2 sm:col-span-4">
          <legend className="mb-1 text-sm font-medium">Only listings that say</legend>
          {YES_NO_FACTS.map((fact) => (
            <label key={fact} className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
              <input
                type="checkbox"
                name={fact}
                value="true"
                defaultChecked={view[fact] === 'true'}
                className="checkbox checkbox-sm checkbox-primary"
              />
              {YES_NO_FACT_LABELS[fact]}
            </label>
          ))}
        </fieldset>
      </div>
    </details>
  )
}
