import { FaPlus, FaTrash } from 'react-icons/fa'
import { Field } from '../../components/form/field.tsx'
import { today } from '../../lib/today.ts'
import { fieldId, newException, type ExceptionDraft } from './times-draft.ts'
import { WindowFields } from './window-fields.tsx'

type ExceptionRowsProps = {
  exceptions: ExceptionDraft[]
  errors: Record<string, string>
  max: number
  onChange: (exceptions: ExceptionDraft[]) => void
}

/** Days off and extra windows on a date. */
export function ExceptionRows({ exceptions, errors, max, onChange }: ExceptionRowsProps) {
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="text-lg font-semibold">Days off and extra times</legend>
      <ol className="flex flex-col gap-3">
        {exceptions.map((exception, index) => {
          const path = `exceptions.${index}`
          const set = (patch: Partial<ExceptionDraft>) =>
            onChange(exceptions.map((e) => (e.key === exception.key ? { ...e, ...patch } : e)))
          const dateId = fieldId(`${path}.date`)
          const typeId = fieldId(`${path}.off`)
          return (
            <li
              key={exception.key}
              className="grid grid-cols-2 items-end gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-4 lg:grid-cols-8"
            >
              <Field id={dateId} label="Date" error={errors[`${path}.date`] ?? errors[path]}>
                <input
                  id={dateId}
                  type="date"
                  value={exception.date}
                  onChange={(event) => set({ date: event.target.value })}
                  aria-invalid={errors[`${path}.date`] || errors[path] ? true : undefined}
                  className="input input-sm w-full"
                />
              </Field>
              <Field id={typeId} label="What">
                <select
                  id={typeId}
                  value={exception.off ? 'off' : 'extra'}
                  onChange={(event) => set({ off: event.target.value === 'off' })}
                  className="select select-sm w-full"
                >
                  <option value="off">Day off</option>
                  <option value="extra">Extra window</option>
                </select>
              </Field>
              {!exception.off && (
                <WindowFields path={path} window={exception} errors={errors} onChange={set} />
              )}
              <button
                type="button"
                className="btn btn-sm btn-ghost"
                onClick={() => onChange(exceptions.filter((e) => e.key !== exception.key))}
              >
                <FaTrash aria-hidden="true" /> Remove<span className="sr-only"> date {index + 1}</span>
              </button>
            </li>
          )
        })}
      </ol>
      {errors.exceptions && <p className="text-sm text-red-700 dark:text-red-400">{errors.exceptions}</p>}
      <button
        type="button"
        className="btn btn-sm w-fit"
        disabled={exceptions.length >= max}
        onClick={() => onChange([...exceptions, newException(today())])}
      >
        <FaPlus aria-hidden="true" /> Add a day off or extra window
      </button>
    </fieldset>
  )
}
