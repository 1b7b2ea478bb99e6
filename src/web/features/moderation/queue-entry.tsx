import { useId } from 'react'
import { useFetcher } from 'react-router'
import { MODERATION_REASON_MAX, type QueueEntry } from '#shared/moderation.ts'
import { REPORT_REASON_LABELS, REPORTS_TO_HIDE } from '#shared/reports.ts'
import { ReportedContent } from './reported-content.tsx'

/** What each kind of reported thing is called. */
export const KIND: Record<QueueEntry['targetKind'], string> = {
  listing: 'Listing',
  user: 'Person',
  message: 'Message',
  seeker_ad: 'Room-wanted ad',
  reference: 'Reference',
  review: 'Review',
}

/** The decisions a moderator may take on one reported thing: each a button of one form with its reason. */
function decisions(entry: QueueEntry): { intent: string; label: string; id: string }[] {
  const target = entry.target
  const dismiss = { intent: 'dismiss', label: 'Dismiss the reports', id: entry.targetId }
  if (!target) return [dismiss]
  if (target.kind === 'listing' || target.kind === 'seeker_ad') {
    const noun = target.kind === 'listing' ? 'listing' : 'ad'
    return [
      target.hiddenReason === 'moderator'
        ? { intent: 'unhide', label: `Show the ${noun}`, id: target.id }
        : { intent: 'hide', label: `Hide the ${noun}`, id: target.id },
      target.owner.suspended
        ? { intent: 'unsuspend', label: 'Lift the owner’s suspension', id: target.owner.id }
        : { intent: 'suspend', label: 'Suspend the owner', id: target.owner.id },
      dismiss,
    ]
  }
  if (target.kind === 'reference' || target.kind === 'review')
    return [
      target.hidden
        ? { intent: 'unhide', label: `Show the ${target.kind}`, id: target.id }
        : { intent: 'hide', label: `Hide the ${target.kind}`, id: target.id },
      dismiss,
    ]
  const person = target.kind === 'user' ? target : target.sender
  // A deleted account's message was kept to be read: there is no one left to suspend.
  if (target.kind === 'message' && target.sender.deleted) return [dismiss]
  return [
    person.suspended
      ? { intent: 'unsuspend', label: 'Lift the suspension', id: person.id }
      : {
          intent: 'suspend',
          label: target.kind === 'user' ? 'Suspend' : 'Suspend the sender',
          id: person.id,
        },
    dismiss,
  ]
}

export function QueueEntryCard({ entry }: { entry: QueueEntry }) {
  const fetcher = useFetcher<{ error?: string; done?: string }>()
  const id = useId()
  const title =
    entry.target?.kind === 'listing'
      ? entry.target.title
      : entry.target?.kind === 'seeker_ad'
        ? entry.target.headline
        : entry.target?.kind === 'user'
          ? entry.target.name
          : entry.target?.kind === 'reference' || entry.target?.kind === 'review'
            ? `About ${entry.target.subject.name}`
            : ''
  return (
    <article aria-labelledby={`${id}-title`} className="rounded-box border border-base-300 bg-base-100 p-4">
      <h2 id={`${id}-title`} className="text-lg font-bold">
        {KIND[entry.targetKind]}
        {title && `: ${title}`}
        <span className="ml-2 text-sm font-normal">
          {entry.reports.length} open {entry.reports.length === 1 ? 'report' : 'reports'}
          {(entry.targetKind === 'listing' || entry.targetKind === 'seeker_ad') &&
            `, ${entry.countingReporters} of ${REPORTS_TO_HIDE} that hide it`}
        </span>
      </h2>
      <div className="mt-3">
        {entry.target ? <ReportedContent target={entry.target} /> : <p>It has been deleted since.</p>}
      </div>
      <ul className="mt-3 flex flex-col gap-1 text-sm" aria-label="Reports">
        {entry.reports.map((report) => (
          <li key={report.id}>
            <span className="font-semibold">{REPORT_REASON_LABELS[report.reason]}</span> —{' '}
            {report.isSystem
              ? 'Nestmate noticed'
              : `${report.reporter?.name}${report.reporter?.verified ? '' : ' (unverified)'}`}
            , {new Date(report.createdAt).toLocaleString('en-US')}
            {/* A person's note is quoted; the system's says in its own words why it filed the report. */}
            {report.note &&
              (report.isSystem ? <span>: {report.note}</span> : <q className="ml-1 italic">{report.note}</q>)}
          </li>
        ))}
      </ul>
      <fetcher.Form method="post" className="mt-4 flex flex-col gap-2">
        <input type="hidden" name="targetKind" value={entry.targetKind} />
        <input type="hidden" name="targetId" value={entry.targetId} />
        <label className="flex flex-col gap-1">
          <span className="font-medium">Why (kept in the action log)</span>
          <input name="reason" required maxLength={MODERATION_REASON_MAX} className="input w-full max-w-xl" />
        </label>
        <div className="flex flex-wrap gap-2">
          {decisions(entry).map((decision) => (
            <button
              key={decision.intent}
              type="submit"
              name="intent"
              value={`${decision.intent}:${decision.id}`}
              className={decision.intent === 'dismiss' ? 'btn btn-sm' : 'btn btn-sm btn-error'}
              disabled={fetcher.state !== 'idle'}
            >
              {decision.label}
            </button>
          ))}
        </div>
        {fetcher.data?.error && (
          <p role="alert" className="text-red-700 dark:text-red-400">
            {fetcher.data.error}
          </p>
        )}
      </fetcher.Form>
    </article>
  )
}
