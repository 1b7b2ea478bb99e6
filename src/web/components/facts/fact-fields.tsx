import { factsForDisplay, unitLabel, type FactTable } from '#shared/fact-table.ts'
import { Field } from '../form/field.tsx'

/** A fact's form value: not said is the empty choice, a yes/no is 'true' or 'false'. */
const formValue = (value: unknown) => (value === null || value === undefined ? '' : String(value))

type FactFieldsProps<T extends FactTable> = {
  /** An entity's fact table (src/shared/fact-table.ts), e.g. the listing's household facts. */
  table: T
  legend: string
  defaults: Partial<Record<keyof T, unknown>>
  errors: Partial<Record<keyof T, string>>
  /** The props the form gives a control: its name, id, classes and the ARIA of its error. */
  control: (name: keyof T & string, base: string) => Record<string, unknown>
}

/**
 * The facts of a table as form fields: a select of its options, a date field, a number field within the fact's
 * range, or a select of Not said, Yes and No; values first, then the yes/no ones.
 */
export function FactFields<T extends FactTable>({
  table,
  legend,
  defaults,
  errors,
  control,
}: FactFieldsProps<T>) {
  return (
    <fieldset className="grid gap-5 md:col-span-2 md:grid-cols-3">
      <legend className="mb-2 font-semibold">{legend}</legend>
      {factsForDisplay(table).map(([name, fact]) => (
        <Field key={name} id={name} label={unitLabel(fact)} error={errors[name]}>
          {fact.kind === 'wish' ? (
            <input
              {...control(name, 'checkbox')}
              className="checkbox"
              type="checkbox"
              value="true"
              defaultChecked={defaults[name] === true}
            />
          ) : fact.kind === 'yesNo' ? (
            <select {...control(name, 'select')} defaultValue={formValue(defaults[name])}>
              <option value="">Not said</option>
              <option value="true">Yes</option>
              <option value="false">No</option>
            </select>
          ) : fact.kind === 'choice' ? (
            // A required choice has no "Not said": a listing written before it was asked chooses on its next edit.
            <select
              {...control(name, 'select')}
              defaultValue={formValue(defaults[name])}
              required={fact.required}
            >
              <option value="" disabled={fact.required}>
                {fact.required ? 'Choose one' : 'Not said'}
              </option>
              {Object.entries(fact.options).map(([value, words]) => (
                <option key={value} value={value}>
                  {words}
                </option>
              ))}
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
