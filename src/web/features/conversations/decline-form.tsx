import { useId, useState } from 'react'
import { useFetcher } from 'react-router'
import { DECLINE_DEFAULT, MESSAGE_MAX } from '#shared/conversations.ts'

type DeclineAnswer = { intent: 'decline'; error?: string }

/**
 * "Not a fit", for the person who was contacted: a kind last message they may change or clear, then the
 * conversation closes to new messages for both. Not a report and not a block.
 */
export function DeclineForm() {
  const fetcher = useFetcher<DeclineAnswer>({ key: 'decline' })
  const [isOpen, setIsOpen] = useState(false)
  const id = useId()
  const isBusy = fetcher.state !== 'idle'

  if (!isOpen)
    return (
      <button type="button" className="btn btn-outline btn-sm" onClick={() => setIsOpen(true)}>
        Not a fit
      </button>
    )
  return (
    <fetcher.Form method="post" className="flex flex-col gap-2 rounded-box border border-base-300 p-3">
      <input type="hidden" name="intent" value="decline" />
      <label htmlFor={id} className="font-medium">
        A last message (you may change it, or leave it empty)
      </label>
      <textarea
        id={id}
        name="message"
        defaultValue={DECLINE_DEFAULT}
        maxLength={MESSAGE_MAX}
        rows={3}
        className="textarea w-full"
        aria-describedby={`${id}-hint`}
      />
      <p id={`${id}-hint`} className="text-xs text-base-content/80">
        Neither of you will be able to send new messages here; you can both still read it.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary btn-sm" aria-disabled={isBusy}>
          {isBusy ? 'Declining…' : 'Decline'}
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setIsOpen(false)}>
          Cancel
        </button>
      </div>
      {fetcher.data?.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {fetcher.data.error}
        </p>
      )}
    </fetcher.Form>
  )
}
