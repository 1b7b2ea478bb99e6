import { lazy, Suspense, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { fetchNextPage, type BrowsePage } from './browse-api.ts'
import { useKeepCardPlace } from './keep-card-place.ts'
import { BrowseCard, CARD_GRID, listingCount, ResultsHeader } from './results-parts.tsx'

/** The same view with another search text (the cursor, if any, belongs to the old one). */
function withSearch(search: string, q: string): string {
  const params = new URLSearchParams(search)
  params.set('q', q)
  params.delete('cursor')
  return `?${params}`
}

// Leaflet and the map load only when the map is shown, never with the page (scripts/bundle-size.ts).
const ResultsMap = lazy(() => import('./results-map.tsx'))

type BrowseResultsProps = {
  firstPage: BrowsePage
  currency: string
  isUpdating: boolean
  /** Whether the map starts open: a search near a place is a question about where. */
  showMapFirst?: boolean
}

/** The card grid with "N listings" and server-side paging through "Load more". Remount it (key) when the view changes. */
export function BrowseResults({ firstPage, currency, isUpdating, showMapFirst = false }: BrowseResultsProps) {
  const { pathname, search, key } = useLocation()
  const [shown] = useState(() => loadedPages(key, firstPage))
  const [listings, setListings] = useState(shown.listings)
  const [next, setNext] = useState(shown.next)
  const [status, setStatus] = useState<'idle' | 'loading' | 'error'>('idle')
  const [isMapShown, setIsMapShown] = useState(showMapFirst)
  const cardList = useKeepCardPlace(key)
  const inDashboard = pathname.startsWith(PATHS.dashboard)
  const { total } = firstPage
  const detailsOf = (id: string) => (inDashboard ? PATHS.dashboardDetails(id) : PATHS.details(id))

  async function loadMore() {
    if (!next) return
    setStatus('loading')
    try {
      const page = await fetchNextPage(next)
      const more = [...listings, ...page.listings.filter((l) => !listings.some((s) => s._id === l._id))]
      setListings(more)
      setNext(page.next)
      keepLoadedPages(key, { listings: more, next: page.next })
      setStatus('idle')
    } catch {
      setStatus('error')
    }
  }

  return (
    <div
      aria-busy={isUpdating}
      className={isUpdating ? 'opacity-60 transition-opacity' : 'transition-opacity'}
    >
      <ResultsHeader
        count={listingCount(total, listings.length)}
        currency={listings.length > 0 ? currency : undefined}
        isMapShown={listings.length > 0 ? isMapShown : undefined}
        onToggleMap={() => setIsMapShown(!isMapShown)}
      />
      {isMapShown && listings.length > 0 && (
        <div className="mb-6">
          <Suspense fallback={<p className="text-base-content/80">Loading the map…</p>}>
            <ResultsMap listings={listings} currency={currency} cardTo={detailsOf} />
          </Suspense>
        </div>
      )}
      {listings.length === 0 ? (
        <div className="rounded-box border border-dashed border-base-300 px-4 py-16 text-center">
          <h2 className="text-xl font-bold">No listings match your search</h2>
          {firstPage.suggestion && (
            <p className="mt-2 text-lg">
              Did you mean{' '}
              <Link to={withSearch(search, firstPage.suggestion)} className="link link-primary font-semibold">
                {firstPage.suggestion}
              </Link>
              ?
            </p>
          )}
          <p className="mt-2 text-base-content/80">
            Try another place, a wider rent range or a different room type.
          </p>
          <Link to={pathname} className="btn btn-primary mt-4">
            Clear filters
          </Link>
        </div>
      ) : (
        <ul {...cardList} className={CARD_GRID}>
          {listings.map((listing, index) => (
            <BrowseCard
              key={listing._id}
              listing={listing}
              currency={currency}
              to={detailsOf(listing._id)}
              // The first row on a wide screen, the first two cards on a phone.
              isFirst={index < 3}
            />
          ))}
        </ul>
      )}
      <div className="mt-8 flex flex-col items-center gap-3">
        {status === 'error' && (
          <p role="alert" className="font-medium text-error">
            More listings could not be loaded. Please try again.
          </p>
        )}
        {next && (
          <button
            type="button"
            className="btn btn-outline btn-primary"
            disabled={status === 'loading'}
            onClick={() => void loadMore()}
          >
            {status === 'loading' && (
              <span className="loading loading-spinner loading-sm" aria-hidden="true" />
            )}
            {status === 'loading' ? 'Loading…' : status === 'error' ? 'Try again' : 'Load more'}
          </button>
        )}
      </div>
    </div>
  )
}

// The pages loaded with "Load more" are kept per history entry (the router's location key), so Back from a
// listing, or a reload, shows the same list again and the scroll position can be restored on it.
type Loaded = Pick<BrowsePage, 'listings' | 'next'>
const storageKey = (locationKey: string) => `nestmate:browse:${locationKey}`

function loadedPages(locationKey: string, firstPage: BrowsePage): Loaded {
  try {
    const kept = JSON.parse(sessionStorage.getItem(storageKey(locationKey)) ?? 'null') as Loaded | null
    if (kept && kept.listings.length > firstPage.listings.length) return kept
  } catch {
    // Storage unavailable or unreadable: start from the first page.
  }
  return firstPage
}

function keepLoadedPages(locationKey: string, loaded: Loaded) {
  try {
    sessionStorage.setItem(storageKey(locationKey), JSON.stringify(loaded))
  } catch {
    // Storage full or unavailable: Back shows the first page only.
  }
}
