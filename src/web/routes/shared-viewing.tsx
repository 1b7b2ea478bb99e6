import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { getSharedViewing } from '../features/viewings/api.ts'
import { KIND_WORDS, STATUS_WORDS } from '../features/viewings/viewing-words.ts'
import { spanIn, zoneWords } from '../features/viewings/zoned-time.ts'

// A viewing a seeker shared with someone they trust, who needs no account: the link's token is the address.

export async function loader({ request, params }: LoaderFunctionArgs) {
  return { viewing: await getSharedViewing(params.id ?? '', request.signal) }
}

export function Component() {
  const { viewing } = useLoaderData<typeof loader>()
  return (
    <section className="mx-auto flex w-full max-w-xl flex-col gap-4 px-4 py-12">
      <PageTitle title="A shared viewing" />
      <h1 className="text-3xl font-bold">A viewing shared with you</h1>
      {!viewing ? (
        <p role="alert">
          This link doesn’t work any more: the person who shared it turned it off, or the viewing is over.
        </p>
      ) : (
        <>
          <p>Someone who trusts you shared where and when they are going to see a room on Nestmate.</p>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 rounded-box border border-base-300 p-4">
            <dt className="text-base-content/80">Room</dt>
            <dd className="wrap-anywhere">{viewing.listingTitle}</dd>
            {viewing.location && (
              <>
                <dt className="text-base-content/80">Place</dt>
                <dd className="wrap-anywhere">{viewing.location}</dd>
              </>
            )}
            {viewing.meetingPoint && (
              <>
                <dt className="text-base-content/80">Meeting point</dt>
                <dd className="wrap-anywhere">{viewing.meetingPoint}</dd>
              </>
            )}
            <dt className="text-base-content/80">When</dt>
            <dd>
              {spanIn(viewing.start, viewing.end, viewing.timeZone)} ({zoneWords(viewing.timeZone)}),{' '}
              {KIND_WORDS[viewing.kind]}
            </dd>
            <dt className="text-base-content/80">Shown by</dt>
            <dd>{viewing.posterName}</dd>
            <dt className="text-base-content/80">Status</dt>
            <dd>{STATUS_WORDS[viewing.status]}</dd>
          </dl>
        </>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
