import { factsForDisplay, unitLabel } from '#shared/fact-table.ts'
import { LISTING_FACTS, type ListingFactName } from '#shared/listing-values.ts'
import { Field } from '../../components/form/field.tsx'
import type { ListingFormDefaults } from './listing-form.tsx'
import type { ListingFieldErrors } from './parse-listing-form.ts'

/** The props a form control gets from the listing form: its name, id, classes and the ARIA of its error. */
type Control = (name: ListingFactName, base: string) => Record<string, unknown>

/** A fact's form value: not said is the empty choice, a yes/no is 'true' or 'false'. */
const formValue = (value: unknown) => (value === null || value === undefined ? '' : String(value))

/**
 * The household facts of src/shared/listing-facts.ts, each optional: a date field, a number field within the
 * fact's range, or a select of Not said, Yes and No.
 */
export function HouseholdFields({
  defaults,
  errors,
  control,
}: {
  defaults: ListingFormDefaults
  errors: ListingFieldErrors
  control: Control
}) {
  return (
    <fieldset className="grid gap-5 md:col-span-2 md:grid-cols-3">
      <legend className="mb-2 font-semibold">The household (optional)</legend>
      {factsForDisplay(LISTING_FACTS).map(([name, fact]) => (
        <Field key={name} id={name} label={unitLabel(fact)} error={errors[name]}>
          {fact.kind === 'yesNo' ? (
            <select {...control(name, 'select')} defaultValue={formValue(defaults[name])}>
              <option value="">Not said</option>
              <option value="true">Yes</option>
              <option value="false">No</option>
            </select>
          ) : fact.kind === 'day' ? (
            <input {...control(name, 'input')} type="date" defaultValue={formValue(defaults[name])} />
          ) : (
            <input
              {...control(name, 'input')}
              type="number"
              inputMode="numeric"
              min={fact.min}
              max={fact.max}
              defaultValue={formValue(defaults[name])}
            />
          )}
        </Field>
      ))}
    </fieldset>
  )
}
