import { useEffect } from 'react'
import { Link, useLoaderData, useRevalidator, type LoaderFunctionArgs } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { onLive } from '../../lib/live.ts'
import { withSession } from '../../lib/require-session.ts'
import { getInbox } from '../../features/conversations/api.ts'
import { InboxItem } from '../../features/conversations/inbox-item.tsx'
import { InboxIntro } from '../../features/conversations/inbox-outline.tsx'

export async function loader({ request }: LoaderFunctionArgs) {
  const before = new URL(request.url).searchParams.get('before') ?? undefined
  return { ...(await withSession(request, () => getInbox(before, request.signal))), isFirstPage: !before }
}

export function Component() {
  const { entries, next, isFirstPage } = useLoaderData<typeof loader>()
  const revalidator = useRevalidator()

  // A new message or a read elsewhere changes the order and the counts: load the page again.
  useEffect(
    () =>
      onLive((event) => {
        const changes = event.type === 'message' || event.type === 'read' || event.type === 'resync'
        if (changes && revalidator.state === 'idle') void revalidator.revalidate()
      }),
    [revalidator],
  )

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <PageTitle title="Messages" />
      <InboxIntro />
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
