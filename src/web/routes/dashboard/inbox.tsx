import { useEffect } from 'react'
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { onLive } from '../../lib/live.ts'
import { requireSession } from '../../lib/require-session.ts'
import { getInbox } from '../../features/conversations/api.ts'
import { InboxItem } from '../../features/conversations/inbox-item.tsx'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request)
  const before = new URL(request.url).searchParams.get('before') ?? undefined
  return { ...(await getInbox(before, request.signal)), isFirstPage: !before }
}

export function Component() {
  const { entries, next, isFirstPage } = useLoaderData<typeof loader>()
  const revalidator = useRevalidator()

  // A new message or a read elsewhere changes the order and the counts: load the page again.
  useEffect(
    () =>
      onLive((event) => {
        if (event.type !== 'block' && revalidator.state === 'idle') void revalidator.revalidate()
      }),
    [revalidator],
  )

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageTitle title="Messages" />
      <div>
        <h1 className="text-3xl font-bold">Messages</h1>
        <p className="mt-1 text-base-content/80">
          Your conversations about rooms, the newest first. Keep them on Nestmate until you have met.
        </p>
      </div>
      {entries.length === 0 ? (
        <div className="rounded-box bg-base-200 p-8 text-center">
          <p className="text-lg">{isFirstPage ? 'No conversations yet.' : 'No more conversations.'}</p>
          <p className="mt-2 text-base-content/80">
            Open a listing and choose “Message” to write to its poster.{' '}
            <Link to={PATHS.dashboardBrowse} className="link link-primary">
              Browse listings
            </Link>
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-2">
          {entries.map((entry) => (
            <InboxItem key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
      <nav aria-label="More conversations" className="flex justify-between gap-2">
        {!isFirstPage && (
          <Link to={PATHS.inbox} className="btn btn-ghost">
            Newest conversations
          </Link>
        )}
        {next && (
          <Link to={`${PATHS.inbox}?before=${next}`} className="btn btn-outline ml-auto">
            Older conversations
          </Link>
        )}
      </nav>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
