import { useId } from 'react'
import { factFilters, type FactTable } from '#shared/fact-table.ts'

/** The values an any-of filter's view holds: a list, or the address's comma-separated text. */
const chosen = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(',') : []

type FactFiltersProps = {
  /** An entity's fact table (src/shared/fact-table.ts), e.g. the listing's household facts. */
  table: FactTable
  /** The browse view: each filter's parameter and its value. */
  view: Readonly<Record<string, unknown>>
  summary: string
  /** Over the yes-only facts' checkboxes: "Only listings that say". */
  legend: string
}

/**
 * A table's browse filters, folded away until asked for (open when the view sets any of them): a field per bound,
 * a checkbox per value of an any-of choice, then a checkbox per yes-only fact. Plain fields of the browse form, so they travel in its URL like the others.
 */
export function FactFilters({ table, view, summary, legend }: FactFiltersProps) {
  const id = useId()
  const filters = factFilters(table)
  const isSet = filters.some(({ param }) => view[param] !== undefined)
  const field = 'flex flex-col gap-1 text-sm font-medium'
  return (
    <details className="mt-3" open={isSet}>
      <summary className="cursor-pointer text-sm font-semibold">{summary}</summary>
      <div className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {filters
          .filter((filter) => filter.bound)
          .map(({ param, label, fact }) => (
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
                defaultValue={String(view[param] ?? '')}
                className="input w-full"
              />
            </label>
          ))}
        {filters.map(({ param, label, fact }) =>
          fact.kind === 'choice' ? (
            <fieldset key={param} className="col-span-2 flex flex-wrap gap-x-4 gap-y-2 sm:col-span-4">
              <legend className="mb-1 text-sm font-medium">{label} (any of)</legend>
              {Object.entries(fact.options).map(([value, words]) => (
                <label key={value} className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name={param}
                    value={value}
                    defaultChecked={chosen(view[param]).includes(value)}
                    className="checkbox checkbox-sm checkbox-primary"
                  />
                  {words}
                </label>
              ))}
            </fieldset>
          ) : null,
        )}
        <fieldset className="col-span-2 flex flex-wrap gap-x-4 gap-y-2 sm:col-span-4">
          <legend className="mb-1 text-sm font-medium">{legend}</legend>
          {filters
            .filter((filter) => !filter.bound && filter.fact.kind !== 'choice')
            .map(({ param, label }) => (
              <label key={param} className="flex min-h-8 cursor-pointer items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name={param}
                  value="true"
                  defaultChecked={view[param] === 'true'}
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
