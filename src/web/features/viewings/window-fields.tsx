import { Field, describedBy } from '../../components/form/field.tsx'
import type { WindowDraft } from './times-draft.ts'
import { fieldId } from './times-draft.ts'

type WindowFieldsProps = {
  /** The row's path in the body: "rules.0" or "exceptions.2". */
  path: string
  window: WindowDraft
  errors: Record<string, string>
  onChange: (change: Partial<WindowDraft>) => void
}

/** From, to, slot length, places and kind of one window, each field with its server error beside it. */
export function WindowFields({ path, window, errors, onChange }: WindowFieldsProps) {
  const input = (name: keyof WindowDraft, label: string, props: Record<string, string | number>) => {
    const id = fieldId(`${path}.${name}`)
    const error = errors[`${path}.${name}`]
    return (
      <Field id={id} label={label} error={error}>
        <input
          id={id}
          value={window[name]}
          onChange={(event) => onChange({ [name]: event.target.value })}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error)}
          className={`input input-sm w-full ${error ? 'input-error' : ''}`}
          {...props}
        />
      </Field>
    )
  }
  const kindId = fieldId(`${path}.kind`)
  return (
    <>
      {input('from', 'From', { type: 'time', required: 1 })}
      {input('to', 'To', { type: 'time', required: 1 })}
      {input('slotMinutes', 'Minutes each', { type: 'number', min: 15, max: 120, step: 5, required: 1 })}
      {input('capacity', 'Places', { type: 'number', min: 1, max: 10, required: 1 })}
      <Field id={kindId} label="How" error={errors[`${path}.kind`]}>
        <select
          id={kindId}
          value={window.kind}
          onChange={(event) => onChange({ kind: event.target.value })}
          className="select select-sm w-full"
        >
          <option value="in_person">In person</option>
          <option value="video">Video</option>
        </select>
      </Field>
    </>
  )
}
