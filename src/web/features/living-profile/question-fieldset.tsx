import { IMPORTANCE_LABELS, IMPORTANCES, type AnswerEntry, type Question } from '#shared/living-profile.ts'

type QuestionFieldsetProps = { question: Question; saved?: AnswerEntry; error?: string }

/** One question: my answer, the answers I accept in a housemate, and how much it matters. */
export function QuestionFieldset({ question, saved, error }: QuestionFieldsetProps) {
  const id = question.id
  return (
    <fieldset
      className="rounded-box border border-base-300 bg-base-100 p-4"
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend className="px-1 text-lg font-semibold">{question.text}</legend>
      <fieldset className="mt-1">
        <legend className="text-sm font-medium">Me</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
          {question.answers.map((answer) => (
            <label key={answer.id} className="flex min-h-8 cursor-pointer items-center gap-2">
              <input
                type="radio"
                className="radio radio-sm radio-primary"
                name={`${id}.answer`}
                value={answer.id}
                defaultChecked={saved?.answer === answer.id}
              />
              {answer.label}
            </label>
          ))}
          <label className="flex min-h-8 cursor-pointer items-center gap-2 text-base-content/80">
            <input
              type="radio"
              className="radio radio-sm"
              name={`${id}.answer`}
              value=""
              defaultChecked={!saved}
            />
            Skip
          </label>
        </div>
      </fieldset>
      <fieldset className="mt-3" aria-describedby={`${id}-accept-hint`}>
        <legend className="text-sm font-medium">I’d live with</legend>
        <p id={`${id}-accept-hint`} className="text-xs text-base-content/80">
          Tick none to accept only your own answer.
        </p>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-2">
          {question.answers.map((answer) => (
            <label key={answer.id} className="flex min-h-8 cursor-pointer items-center gap-2">
              <input
                type="checkbox"
                className="checkbox checkbox-sm checkbox-primary"
                name={`${id}.accepted`}
                value={answer.id}
                defaultChecked={saved?.accepted.includes(answer.id)}
              />
              {answer.label}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-3 flex flex-col gap-1.5 sm:max-w-xs">
        <label htmlFor={`${id}-importance`} className="text-sm font-medium">
          How much it matters
        </label>
        <select
          id={`${id}-importance`}
          name={`${id}.importance`}
          className="select w-full"
          defaultValue={saved?.importance ?? 'somewhat'}
        >
          {IMPORTANCES.map((importance) => (
            <option key={importance} value={importance}>
              {IMPORTANCE_LABELS[importance]}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p id={`${id}-error`} className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </fieldset>
  )
}
