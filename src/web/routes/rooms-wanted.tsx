import { Link, useLoaderData, useNavigation } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { getAds } from '../features/rooms-wanted/api.ts'
import { SEEKER_GRID, SeekerCard } from '../features/rooms-wanted/seeker-card.tsx'
import { SeekerFilters, VIEW_KEYS, type SeekerView } from '../features/rooms-wanted/seeker-filters.tsx'
import { ApiRequestError } from '../lib/api.ts'
import { loadCurrency } from '../lib/config.ts'

// The view lives in the address (filters, order and the page's cursor), so a link or Back shows the same page.
export async function loader({ request }: { request: Request }) {
  const url = new URL(request.url)
  const view: SeekerView = {}
  for (const key of VIEW_KEYS) {
    const value = url.searchParams.get(key)
    if (value) view[key] = value
  }
  const cursor = url.searchParams.get('cursor')
  const params = (sort?: string) => {
    const params = new URLSearchParams()
    for (const key of ['near', 'rent', 'roomType', 'moveInBy'] as const)
      if (view[key]) params.set(key, view[key])
    if (sort) params.set('sort', sort)
    if (cursor) params.set('cursor', cursor)
    return params
  }
  const [currency, result] = await Promise.all([
    loadCurrency(),
    getAds(params(view.sort), request.signal).then(
      (page) => ({ page, refused: null }),
      async (error: unknown) => {
        // Best match without a living profile: the newest instead, saying why.
        if (view.sort !== 'match' || !(error instanceof ApiRequestError) || error.status !== 400) throw error
        return { page: await getAds(params(), request.signal), refused: error.message }
      },
    ),
  ])
  return {
    view: result.refused ? { ...view, sort: 'newest' } : view,
    ...result,
    currency,
    cursor,
    search: url.search,
  }
}

/** The address of the page after this one: the same view with the next cursor. */
function nextPage(search: string, cursor: string) {
  const params = new URLSearchParams(search)
  params.set('cursor', cursor)
  return `${PATHS.roomsWanted}?${params}`
}

export function Component() {
  const { view, page, refused, currency, cursor, search } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const firstPage = new URLSearchParams(search)
  firstPage.delete('cursor')
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <PageTitle title="Rooms wanted" />
      <h1 className="mb-2 text-center text-3xl font-extrabold sm:text-4xl">Rooms wanted</h1>
      <p className="mb-8 text-center text-base-content/80">
        People looking for a room, where they want to live and what they can pay. Need a room yourself?{' '}
        <Link to={PATHS.mySeekerAd} className="link link-primary">
          Write your own ad
        </Link>
        .
      </p>
      <SeekerFilters key={search} view={view} />
      {refused && (
        <p role="status" className="mt-4 rounded-box bg-base-200 p-3">
          {refused}
        </p>
      )}
      <div className="mt-6" aria-busy={navigation.state === 'loading'}>
        <p role="status" className="mb-4 font-semibold">
          {page.total === 1 ? '1 person looking' : `${page.total.toLocaleString('en-US')} people looking`}
        </p>
        {page.ads.length === 0 ? (
          <p className="rounded-box bg-base-200 p-8 text-center text-lg">
            No one is looking with these filters yet.
          </p>
        ) : (
          <ul className={SEEKER_GRID} aria-label="Room-wanted ads">
            {page.ads.map((ad) => (
              <li key={ad._id}>
                <SeekerCard ad={ad} to={PATHS.seekerAd(ad._id)} currency={currency} />
              </li>
            ))}
          </ul>
        )}
        <nav aria-label="Pages" className="mt-8 flex justify-center gap-3">
          {cursor && (
            <Link to={`${PATHS.roomsWanted}?${firstPage}`} className="btn btn-outline">
              First page
            </Link>
          )}
          {page.next && (
            <Link to={nextPage(search, page.next)} className="btn btn-primary">
              Next page
            </Link>
          )}
        </nav>
      </div>
    </div>
  )
}

export const ErrorBoundary = RouteErrorBoundary
