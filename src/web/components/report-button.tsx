import { useId, useRef } from 'react'
import { useFetcher } from 'react-router'
import {
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  type PersonShownOn,
  type ReportTargetKind,
} from '#shared/reports.ts'

export type ReportAnswer = { intent: 'report'; reported?: boolean; error?: string }

const NOUN: Record<ReportTargetKind, string> = {
  message: 'message',
  listing: 'listing',
  user: 'person',
  seeker_ad: 'ad',
  reference: 'reference',
  review: 'review',
}

/**
 * "Report" on a message, a listing, a room-wanted ad or a person: a dialog asking why, posted to the page's action
 * (intent `report`, `targetKind`, `targetId` or for a person `viaKind` and `viaId`, `reason`, `note`), then a
 * thank-you that says what happens next. A person is named through where the page shows them (`via`).
 */
export function ReportButton({
  targetKind,
  targetId,
  via,
  label = 'Report',
}: (
  | { targetKind: Exclude<ReportTargetKind, 'user'>; targetId: string | number; via?: undefined }
  | { targetKind: 'user'; targetId?: undefined; via: { kind: PersonShownOn; id: string } }
) & { label?: string }) {
  const fetcher = useFetcher<ReportAnswer>()
  const dialog = useRef<HTMLDialogElement>(null)
  const id = useId()
  const noun = NOUN[targetKind]
  if (fetcher.data?.reported)
    return (
      <p role="status" className="text-sm">
        Thank you: your report of this {noun} went to the moderators, who look at every report. You won't hear
        back, but if they find a problem they will act on it.
      </p>
    )
  return (
    <>
      {/* Text-sized on a wide screen; a 44 px target on a phone. */}
      <button
        type="button"
        className="link max-sm:inline-flex max-sm:min-h-11 max-sm:min-w-11 max-sm:items-center max-sm:justify-center"
        onClick={() => dialog.current?.showModal()}
      >
        {label}
      </button>
      <dialog ref={dialog} className="modal" aria-labelledby={`${id}-title`}>
        <div className="modal-box">
          <h2 id={`${id}-title`} className="text-lg font-bold">
            Report this {noun}
          </h2>
          <fetcher.Form
            method="post"
            className="mt-4 flex flex-col gap-4"
            onSubmit={() => dialog.current?.close()}
          >
            <input type="hidden" name="intent" value="report" />
            <input type="hidden" name="targetKind" value={targetKind} />
            {via ? (
              <>
                <input type="hidden" name="viaKind" value={via.kind} />
                <input type="hidden" name="viaId" value={via.id} />
              </>
            ) : (
              <input type="hidden" name="targetId" value={targetId} />
            )}
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-2 font-medium">Why are you reporting it?</legend>
              {REPORT_REASONS.map((reason, index) => (
                <label key={reason} className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="reason"
                    value={reason}
                    required
                    defaultChecked={index === 0}
                    className="radio"
                  />
                  {REPORT_REASON_LABELS[reason]}
                </label>
              ))}
            </fieldset>
            <label className="flex flex-col gap-1">
              <span className="font-medium">Anything a moderator should know? (optional)</span>
              <textarea name="note" maxLength={REPORT_NOTE_MAX} rows={3} className="textarea w-full" />
            </label>
            <div className="modal-action">
              <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
                Cancel
              </button>
              <button type="submit" className="btn btn-error">
                Report
              </button>
            </div>
          </fetcher.Form>
        </div>
      </dialog>
      {fetcher.data?.error && (
        <span role="alert" className="text-red-700 dark:text-red-400">
          {fetcher.data.error}
        </span>
      )}
    </>
  )
}
