import { useId } from 'react'
import { useFetcher } from 'react-router'
import type { Viewing } from '#shared/viewings.ts'

export type ShareAnswer = { intent: 'share' | 'unshare'; id: string; url?: string; error?: string }

/** "Share with someone I trust": a link to the viewing for one person, and turning it off. */
export function ShareViewing({ viewing }: { viewing: Viewing }) {
  const fetcher = useFetcher<ShareAnswer>()
  const linkId = useId()
  const answer = fetcher.data
  const url = answer?.intent === 'share' ? answer.url : undefined
  return (
    <fetcher.Form method="post" className="flex flex-col gap-2">
      <input type="hidden" name="id" value={viewing._id} />
      {answer?.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {answer.error}
        </p>
      )}
      {url ? (
        <>
          <label htmlFor={linkId} className="text-sm font-medium">
            Link for someone you trust (works until the day after the viewing)
          </label>
          <input
            id={linkId}
            readOnly
            value={url}
            className="input input-sm w-full"
            onFocus={(e) => e.target.select()}
          />
          <button name="intent" value="unshare" className="btn btn-sm w-fit max-sm:min-h-11">
            Stop sharing
          </button>
        </>
      ) : (
        <>
          {answer?.intent === 'unshare' && !answer.error && (
            <p role="status" className="text-sm">
              The link no longer works.
            </p>
          )}
          <button
            name="intent"
            value="share"
            className="btn btn-sm w-fit max-sm:min-h-11"
            disabled={fetcher.state !== 'idle'}
          >
            Share with someone I trust
          </button>
        </>
      )}
    </fetcher.Form>
  )
}
