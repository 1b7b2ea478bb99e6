import { useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { RATINGS, RATING_WORDS } from '#shared/references.ts'
import { REVIEW_LIMITS } from '#shared/reviews.ts'

type ReviewAnswer = { intent: 'review'; error?: string }

/** "Write a review": the four ratings 1–5 and a few words, sent once. */
export function ReviewForm({ name }: { name: string }) {
  const fetcher = useFetcher<ReviewAnswer>({ key: 'review' })
  const [isOpen, setIsOpen] = useState(false)
  const id = useId()
  const isBusy = fetcher.state !== 'idle'
  if (!isOpen)
    return (
      <button type="button" className="btn btn-primary btn-sm" onClick={() => setIsOpen(true)}>
        Write a review
      </button>
    )
  return (
    <fetcher.Form method="post" className="flex w-full flex-col gap-3 rounded-box border border-base-300 p-3">
      <input type="hidden" name="intent" value="review" />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="mb-1 font-semibold">How was living with {name}? (1 poor – 5 excellent)</legend>
        {RATINGS.map((key) => (
          <div key={key} className="flex flex-col gap-1">
            <label htmlFor={`${id}-${key}`}>{RATING_WORDS[key]}</label>
            <select id={`${id}-${key}`} name={key} required defaultValue="" className="select w-full">
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
      <label htmlFor={`${id}-text`} className="font-semibold">
        A few words (optional)
      </label>
      <textarea
        id={`${id}-text`}
        name="text"
        maxLength={REVIEW_LIMITS.text}
        rows={4}
        className="textarea w-full"
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-base-content/80">
        Neither of you sees the other’s review until both are written, or {REVIEW_LIMITS.blindDays} days after
        the first. You can write one review, and not change it.
      </p>
      {fetcher.data?.error && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {fetcher.data.error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" aria-disabled={isBusy}>
          {isBusy ? 'Sending…' : 'Send the review'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setIsOpen(false)}>
          Cancel
        </button>
      </div>
    </fetcher.Form>
  )
}
