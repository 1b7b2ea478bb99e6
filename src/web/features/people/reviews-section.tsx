import { useId } from 'react'
import { useFetcher } from 'react-router'
import type { PersonProfile, Review } from '#shared/people.ts'
import { RATINGS, RATING_WORDS } from '#shared/references.ts'
import { REVIEW_LIMITS } from '#shared/reviews.ts'
import { ReportButton } from '../../components/report-button.tsx'

const day = new Intl.DateTimeFormat('en-US', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
})

/**
 * Reviews by people the person lived with (docs/decisions/092): each rating's average, then each review with its
 * author, ratings, words and the person's one reply. On their own profile the person may reply to each once.
 */
export function ReviewsSection({ reviews, isMine }: { reviews: PersonProfile['reviews']; isMine: boolean }) {
  return (
    <section aria-labelledby="person-reviews" className="flex flex-col gap-3">
      <h2 id="person-reviews" className="text-xl font-semibold">
        Reviews {reviews.count > 0 && <span className="font-normal">({reviews.count})</span>}
      </h2>
      {reviews.average && (
        <p className="text-sm">
          Average: {RATINGS.map((key) => `${RATING_WORDS[key]} ${reviews.average![key]}/5`).join(' · ')}
        </p>
      )}
      {reviews.count === 0 ? (
        <p className="text-base-content/80">No reviews yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {reviews.items.map((review) => (
            <li key={review._id} className="flex flex-col gap-1 rounded-box bg-base-200 p-3">
              <p className="font-semibold wrap-anywhere">
                {review.authorName}{' '}
                <span className="text-sm font-normal">
                  · lived together · {day.format(new Date(review.createdAt))}
                </span>
              </p>
              <p className="text-sm">
                {RATINGS.map((key) => `${RATING_WORDS[key]} ${review[key]}/5`).join(' · ')}
              </p>
              {review.text && <p className="whitespace-pre-line wrap-anywhere">{review.text}</p>}
              {review.reply !== null ? (
                <p className="border-l-4 border-base-300 pl-3 text-sm whitespace-pre-line wrap-anywhere">
                  <span className="font-semibold">Their reply:</span> {review.reply}
                </p>
              ) : (
                isMine && <ReplyForm review={review} />
              )}
              <div className="flex flex-col items-start text-sm">
                <ReportButton targetKind="review" targetId={review._id} label="Report this review" />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

function ReplyForm({ review }: { review: Review }) {
  const fetcher = useFetcher<{ intent: 'reply'; error?: string }>()
  const id = useId()
  return (
    <fetcher.Form method="post" className="flex flex-col gap-2">
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="reviewId" value={review._id} />
      <label htmlFor={id} className="text-sm font-semibold">
        Your reply (once, up to {REVIEW_LIMITS.reply} characters)
      </label>
      <textarea
        id={id}
        name="text"
        required
        maxLength={REVIEW_LIMITS.reply}
        rows={2}
        className="textarea w-full"
      />
      {fetcher.data?.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {fetcher.data.error}
        </p>
      )}
      <button
        type="submit"
        className="btn btn-outline btn-sm self-start"
        aria-disabled={fetcher.state !== 'idle'}
      >
        Reply
      </button>
    </fetcher.Form>
  )
}
