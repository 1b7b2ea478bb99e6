import { useId } from 'react'
import { useFetcher } from 'react-router'
import { CANCEL_REASON_MAX, LATE_MINUTES, LATE_WINDOW_MS, type Viewing } from '#shared/viewings.ts'

export type ViewingActionAnswer = { intent: string; id: string; error?: string }

/** Cancel (with a reason), "running late" in the two hours before, and the poster's outcome after the end. */
export function ViewingActions({
  viewing,
  isPoster,
  now,
}: {
  viewing: Viewing
  isPoster: boolean
  now: number
}) {
  const fetcher = useFetcher<ViewingActionAnswer>()
  const reasonId = useId()
  const [start, end] = [Date.parse(viewing.start), Date.parse(viewing.end)]
  if (viewing.status !== 'booked') return null
  const isBusy = fetcher.state !== 'idle'
  const canSayLate = now >= start - LATE_WINDOW_MS && now < start
  return (
    <div className="flex flex-col gap-3">
      {fetcher.data?.error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {fetcher.data.error}
        </p>
      )}
      {now < start && (
        <fetcher.Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="id" value={viewing._id} />
          <div className="flex min-w-48 flex-1 flex-col gap-1">
            <label htmlFor={reasonId} className="text-sm font-medium">
              Reason for cancelling (optional)
            </label>
            <input
              id={reasonId}
              name="reason"
              maxLength={CANCEL_REASON_MAX}
              className="input input-sm w-full"
            />
          </div>
          <button
            name="intent"
            value="cancel"
            className="btn btn-sm btn-error max-sm:min-h-11"
            disabled={isBusy}
          >
            Cancel viewing
          </button>
        </fetcher.Form>
      )}
      {canSayLate && (
        <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="id" value={viewing._id} />
          <input type="hidden" name="intent" value="late" />
          <span className="text-sm font-medium">Running late:</span>
          {LATE_MINUTES.map((minutes) => (
            <button
              key={minutes}
              name="minutes"
              value={minutes}
              className="btn btn-sm max-sm:min-h-11"
              disabled={isBusy}
            >
              {minutes} minutes
            </button>
          ))}
        </fetcher.Form>
      )}
      {isPoster && now >= end && (
        <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
          <input type="hidden" name="id" value={viewing._id} />
          <input type="hidden" name="intent" value="outcome" />
          <span className="text-sm font-medium">Did {viewing.seeker.name} come?</span>
          <button
            name="outcome"
            value="done"
            className="btn btn-sm btn-success max-sm:min-h-11"
            disabled={isBusy}
          >
            Came
          </button>
          <button name="outcome" value="no_show" className="btn btn-sm max-sm:min-h-11" disabled={isBusy}>
            Did not come
          </button>
        </fetcher.Form>
      )}
    </div>
  )
}
