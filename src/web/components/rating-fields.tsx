import { RATINGS, RATING_WORDS } from '#shared/references.ts'

/** The four ratings references and reviews ask, 1–5 each, under one legend: a select per rating, all required. */
export function RatingFields({ legend, idPrefix }: { legend: string; idPrefix: string }) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-1 font-semibold">{legend}</legend>
      {RATINGS.map((key) => (
        <div key={key} className="flex flex-col gap-1">
          <label htmlFor={`${idPrefix}-${key}`}>{RATING_WORDS[key]}</label>
          <select id={`${idPrefix}-${key}`} name={key} required defaultValue="" className="select w-full">
            <option value="" disabled>
              Choose 1–5
            </option>
            {[5, 4, 3, 2, 1].map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </div>
      ))}
    </fieldset>
  )
}
