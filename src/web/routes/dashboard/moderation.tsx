import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { DecisionSchema } from '#shared/moderation.ts'
import { REPORT_TARGET_KINDS, type ReportTargetKind } from '#shared/reports.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { requireSession } from '../../lib/require-session.ts'
import {
  dismiss,
  getActions,
  getQueue,
  isHideable,
  setHidden,
  setSuspended,
} from '../../features/moderation/api.ts'
import { ActionLog } from '../../features/moderation/action-log.tsx'
import { Floods } from '../../features/moderation/floods.tsx'
import { QueueEntryCard } from '../../features/moderation/queue-entry.tsx'

// The moderators' page: anyone else's loader gets the API's 403, shown by the error boundary.
export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request)
  const cursor = new URL(request.url).searchParams.get('cursor')
  const [queue, log] = await Promise.all([getQueue(cursor, request.signal), getActions(request.signal)])
  return { queue, actions: log.actions, isFirstPage: cursor === null }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const [intent = '', id = ''] = String(form.get('intent') ?? '').split(/:(.*)/s)
  const parsed = DecisionSchema.safeParse({ reason: form.get('reason') })
  if (!parsed.success) return { error: parsed.error.issues[0]?.message }
  const { reason } = parsed.data
  const kind = String(form.get('targetKind')) as ReportTargetKind
  try {
    if ((intent === 'hide' || intent === 'unhide') && isHideable(kind))
      await setHidden(kind, id, intent === 'hide', reason)
    else if (intent === 'suspend' || intent === 'unsuspend')
      await setSuspended(id, intent === 'suspend', reason)
    else if (intent === 'dismiss' && REPORT_TARGET_KINDS.includes(kind)) await dismiss(kind, id, reason)
    else return { error: 'Choose what to do.' }
    return { done: intent }
  } catch (error) {
    return {
      error: error instanceof ApiRequestError ? error.message : 'Something went wrong; please try again.',
    }
  }
}

export function Component() {
  const { queue, actions, isFirstPage } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <PageTitle title="Moderation" />
      <div>
        <h1 className="text-3xl font-bold">Moderation</h1>
        <p className="mt-1 text-base-content/80">
          {queue.openReports === 0
            ? 'No open reports. Thank you for keeping Nestmate safe.'
            : `${queue.openReports} open ${queue.openReports === 1 ? 'report' : 'reports'}, grouped by what they name: what reports hid first, then the newest first.`}
        </p>
      </div>
      <Floods floods={queue.floods} />
      {queue.entries.map((entry) => (
        <QueueEntryCard key={`${entry.targetKind}:${entry.targetId}`} entry={entry} />
      ))}
      {(queue.nextCursor || !isFirstPage) && (
        <nav aria-label="Queue pages" className="flex gap-4">
          {!isFirstPage && (
            <Link className="link" to=".">
              Back to the newest
            </Link>
          )}
          {queue.nextCursor && (
            <Link className="link" to={`?cursor=${encodeURIComponent(queue.nextCursor)}`}>
              Older reports
            </Link>
          )}
        </nav>
      )}
      <ActionLog actions={actions} />
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
