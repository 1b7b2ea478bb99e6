import { useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { REVIEW_LIMITS } from '#shared/reviews.ts'
import { RatingFields } from '../../components/rating-fields.tsx'

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
      <RatingFields legend={`How was living with ${name}? (1 poor – 5 excellent)`} idPrefix={id} />
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
