import { FaEnvelope } from 'react-icons/fa6'
import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { getListingSeekers } from '../../features/rooms-wanted/api.ts'
import { SEEKER_GRID, SeekerCard } from '../../features/rooms-wanted/seeker-card.tsx'
import { loadCurrency } from '../../lib/config.ts'
import { requireSession } from '../../lib/require-session.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSession(request)
  const id = params.id ?? ''
  const cursor = new URL(request.url).searchParams.get('cursor')
  const [page, currency] = await Promise.all([getListingSeekers(id, cursor, request.signal), loadCurrency()])
  return { id, page, currency, cursor }
}

export function Component() {
  const { id, page, currency, cursor } = useLoaderData<typeof loader>()
  const here = PATHS.listingSeekers(id)
  return (
    <section className="flex flex-col gap-6">
      <PageTitle title="People looking near your listing" />
      <div>
        <Link to={PATHS.myListings} className="link">
          ← My Listings
        </Link>
        <h1 className="mt-2 text-3xl font-bold">People looking near your listing</h1>
        <p className="mt-1 text-base-content/80">
          Room-wanted ads that fit this room: one of their areas takes in its town, their budget reaches its
          rent, they want its room type and can move in once it is free. Best match with you first. Message
          anyone whose ad suits your room: the conversation stays on Nestmate.
        </p>
      </div>
      <p role="status" className="font-semibold">
        {page.total === 1 ? '1 person looking' : `${page.total} people looking`}
      </p>
      {page.ads.length === 0 ? (
        <p className="rounded-box bg-base-200 p-8 text-center text-lg">Nobody's ad fits this room yet.</p>
      ) : (
        <ul className={SEEKER_GRID} aria-label="Fitting room-wanted ads">
          {page.ads.map((ad) => (
            <li key={ad._id} className="flex flex-col gap-2">
              <SeekerCard ad={ad} to={PATHS.seekerAd(ad._id)} currency={currency} />
              {/* The ad's details with its message box open: the card above stays one link. */}
              <Link
                to={`${PATHS.seekerAd(ad._id)}?message`}
                className="btn btn-outline btn-primary btn-sm w-fit"
              >
                <FaEnvelope aria-hidden="true" /> Message {ad.userName}
              </Link>
            </li>
          ))}
        </ul>
      )}
      <nav aria-label="Pages" className="flex gap-3">
        {cursor && (
          <Link to={here} className="btn btn-outline">
            First page
          </Link>
        )}
        {page.next && (
          <Link to={`${here}?${new URLSearchParams({ cursor: page.next })}`} className="btn btn-primary">
            Next page
          </Link>
        )}
      </nav>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
