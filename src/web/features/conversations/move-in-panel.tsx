import type { ReactNode } from 'react'
import { useFetcher } from 'react-router'
import type { Conversation } from '#shared/conversations.ts'
import { REVIEW_LIMITS } from '#shared/reviews.ts'
import { ReviewForm } from './review-form.tsx'

type MoveInAnswer = { intent: string; error?: string }

/**
 * Living together (docs/decisions/092): the person contacted says "We moved in", the other confirms, then each may
 * write one review. Says where it stands, and what the double blind means for the review just written.
 */
export function MoveInPanel({ conversation, name }: { conversation: Conversation; name: string }) {
  const fetcher = useFetcher<MoveInAnswer>({ key: 'moved-in' })
  const isBusy = fetcher.state !== 'idle'
  const { movedIn, startedByMe, canReview, reviewedByMe } = conversation
  const step = (intent: 'moved-in' | 'moved-in-confirm', label: string) => (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" className="btn btn-outline btn-sm" aria-disabled={isBusy}>
        {label}
      </button>
    </fetcher.Form>
  )
  let body: ReactNode = null
  if (movedIn === 'no' && !startedByMe) body = step('moved-in', 'We moved in')
  else if (movedIn === 'marked')
    body = startedByMe ? (
      <>
        <p>{name} says you moved in together.</p>
        {step('moved-in-confirm', 'Confirm')}
      </>
    ) : (
      <p>You said you moved in together; waiting for {name} to confirm.</p>
    )
  else if (movedIn === 'confirmed')
    body = reviewedByMe ? (
      <p role="status">
        Your review is written. It is published when {name} writes theirs, or {REVIEW_LIMITS.blindDays} days
        after yours.
      </p>
    ) : canReview ? (
      <ReviewForm name={name} />
    ) : (
      <p>You moved in together.</p>
    )
  if (!body) return null
  return (
    <section aria-label="Living together" className="flex flex-col items-start gap-2 text-sm">
      {body}
      {fetcher.data?.error && (
        <p role="alert" className="text-red-700 dark:text-red-400">
          {fetcher.data.error}
        </p>
      )}
    </section>
  )
}
