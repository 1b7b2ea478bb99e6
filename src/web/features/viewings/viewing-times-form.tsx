import { useRef, useState } from 'react'
import { FaPlus, FaTrash } from 'react-icons/fa'
import { useNavigation, useSubmit } from 'react-router'
import { ErrorSummary, useFocusFirstError } from '../../components/form/error-summary.tsx'
import { TextField } from '../../components/form/text-field.tsx'
import { MEETING_POINT_MAX, VIEWING_EXCEPTIONS_MAX, VIEWING_RULES_MAX } from '#shared/viewings.ts'
import { ExceptionRows } from './exception-rows.tsx'
import { fieldId, newRule, WEEKDAYS, type TimesDraft } from './times-draft.ts'
import { WindowFields } from './window-fields.tsx'

export type TimesResult = { errors?: Record<string, string>; saved?: boolean; failure?: string }

/** The "Viewing times" editor: the zone, where to meet, weekly windows and exceptions; saved as one JSON body. */
export function ViewingTimesForm({ initial, result }: { initial: TimesDraft; result?: TimesResult }) {
  const [draft, setDraft] = useState(initial)
  const submit = useSubmit()
  const isSaving = useNavigation().state === 'submitting'
  const form = useRef<HTMLFormElement>(null)
  useFocusFirstError(form, result?.errors)
  const errors = result?.errors ?? {}
  const change = (patch: Partial<TimesDraft>) => setDraft((before) => ({ ...before, ...patch }))
  const hasVideo = [...draft.rules, ...draft.exceptions.filter((e) => !e.off)].some((w) => w.kind === 'video')

  return (
    <form
      ref={form}
      noValidate
      className="flex flex-col gap-6"
      onSubmit={(event) => {
        event.preventDefault()
        void submit(draft, { method: 'put', encType: 'application/json' })
      }}
    >
      <ErrorSummary
        errors={Object.entries(errors).map(([path, message]) => ({ id: fieldId(path), message }))}
      />
      {result?.failure && (
        <p role="alert" className="alert alert-error">
          {result.failure}
        </p>
      )}
      {result?.saved && (
        <p role="status" className="alert alert-success">
          Viewing times saved.
        </p>
      )}
      <div className="grid gap-4 md:grid-cols-2">
        <TextField
          name={fieldId('timeZone')}
          label="Time zone"
          hint="An IANA zone, such as Europe/Berlin: the times below are in it."
          value={draft.timeZone}
          onChange={(event) => change({ timeZone: event.target.value })}
          error={errors.timeZone}
          isRequired
        />
        <TextField
          name={fieldId('meetingPoint')}
          label="Meeting point"
          hint="Where to ring or wait; only people with a booking see it."
          maxLength={MEETING_POINT_MAX}
          value={draft.meetingPoint}
          onChange={(event) => change({ meetingPoint: event.target.value })}
          error={errors.meetingPoint}
        />
        <TextField
          name={fieldId('videoLink')}
          label={hasVideo ? 'Video link (https)' : 'Video link (https, for video windows)'}
          type="url"
          inputMode="url"
          value={draft.videoLink}
          onChange={(event) => change({ videoLink: event.target.value })}
          error={errors.videoLink}
          isRequired={hasVideo}
        />
      </div>

      <fieldset className="flex flex-col gap-3">
        <legend className="text-lg font-semibold">Every week</legend>
        <ol className="flex flex-col gap-3">
          {draft.rules.map((rule, index) => {
            const path = `rules.${index}`
            const setRule = (patch: Partial<typeof rule>) =>
              change({ rules: draft.rules.map((r) => (r.key === rule.key ? { ...r, ...patch } : r)) })
            const dayId = fieldId(`${path}.weekday`)
            return (
              <li
                key={rule.key}
                className="grid grid-cols-2 items-end gap-2 rounded-box border border-base-300 p-3 sm:grid-cols-7"
              >
                <div className="flex flex-col gap-1.5">
                  <label htmlFor={dayId} className="text-sm font-medium">
                    Day
                  </label>
                  <select
                    id={dayId}
                    value={rule.weekday}
                    onChange={(event) => setRule({ weekday: event.target.value })}
                    className="select select-sm w-full"
                  >
                    {WEEKDAYS.map((day, i) => (
                      <option key={day} value={i + 1}>
                        {day}
                      </option>
                    ))}
                  </select>
                </div>
                <WindowFields path={path} window={rule} errors={errors} onChange={setRule} />
                <button
                  type="button"
                  className="btn btn-sm btn-ghost"
                  onClick={() => change({ rules: draft.rules.filter((r) => r.key !== rule.key) })}
                >
                  <FaTrash aria-hidden="true" /> Remove
                  <span className="sr-only"> weekly window {index + 1}</span>
                </button>
              </li>
            )
          })}
        </ol>
        {errors.rules && <p className="text-sm text-red-700 dark:text-red-400">{errors.rules}</p>}
        <button
          type="button"
          className="btn btn-sm w-fit"
          disabled={draft.rules.length >= VIEWING_RULES_MAX}
          onClick={() => change({ rules: [...draft.rules, newRule()] })}
        >
          <FaPlus aria-hidden="true" /> Add a weekly window
        </button>
      </fieldset>

      <ExceptionRows
        exceptions={draft.exceptions}
        errors={errors}
        max={VIEWING_EXCEPTIONS_MAX}
        onChange={(exceptions) => change({ exceptions })}
      />

      <button type="submit" className="btn btn-primary w-fit" disabled={isSaving}>
        {isSaving ? 'Saving…' : 'Save viewing times'}
      </button>
    </form>
  )
}
