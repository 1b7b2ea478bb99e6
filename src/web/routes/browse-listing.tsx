import type { ReactNode } from 'react'
import { useLoaderData, useLocation, useNavigation } from 'react-router'
import { AfterHydration } from '../first-paint/after-hydration.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { Spinner } from '../components/spinner.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { TypedHeading } from '../components/typed-heading.tsx'
import { markOpenedSearchSeen } from '../features/saved-searches/mark-opened.ts'
import { NewListingsProvider } from '../components/new-label.tsx'
import { SaveSearchButton } from '../features/saved-searches/save-search-button.tsx'
import {
  browseSearchParams,
  DEFAULT_VIEW,
  fetchFirstPage,
  readBrowseView,
  type BrowseView,
} from '../features/listings/browse-api.ts'
import { BrowseFilters } from '../features/listings/browse-filters.tsx'
import type { TypedPlace } from '../features/places/typed-place-note.tsx'
import { BrowseResults } from '../features/listings/browse-results.tsx'
import { EarlyCardsSlot } from '../first-paint/early-templates.tsx'
import { CardTemplates, TOKEN_LISTING } from '../features/listings/early-card-templates.tsx'
import { MatchPrompt } from '../features/listings/match-prompt.tsx'
import { BrowseCard, CARD_GRID, ResultsHeader } from '../features/listings/results-parts.tsx'
import { API, PATHS } from '#shared/api.ts'
import { bestPlace } from '../features/places/places-api.ts'
import { ApiRequestError } from '../lib/api.ts'
import { loadCurrency } from '../lib/config.ts'

const WORDS = ['Browse All Listings!', 'Find Your Partner And See More', 'Like Your Choice List']

// The view (sort, filters, search) lives in the URL; this loader reads it, so a shared link reproduces the page.
export async function loader({ request }: { request: Request }) {
  const url = new URL(request.url)
  const params = url.searchParams
  const seen = markOpenedSearchSeen(url)
  const typed = await readBrowseView(params)
  const { view, typedPlace } = await resolveTypedPlace(typed, request.signal)
  const [firstPage, currency, newListingIds] = await Promise.all([
    fetchMatchOrDefault(view, request.signal),
    loadCurrency(),
    seen,
  ])
  return {
    view: firstPage.view,
    firstPage,
    currency,
    matchRefused: firstPage.matchRefused,
    typedPlace,
    newListingIds,
  }
}

/**
 * The view with a typed place name (`nearText`) replaced by the gazetteer's best match for it, nearest first as
 * picking a suggestion makes it; and what was typed and used, for the page to say. A name nothing matches leaves
 * the view without a place.
 */
async function resolveTypedPlace(view: BrowseView, signal: AbortSignal) {
  const { nearText, ...rest } = view
  if (!nearText || view.near !== undefined) return { view: rest, typedPlace: null }
  const best = await bestPlace(nearText, signal)
  const typedPlace: TypedPlace = { typed: nearText, usedLabel: best?.label ?? null }
  if (!best) return { view: rest, typedPlace }
  const sort = rest.sort === 'rent_asc' ? 'distance' : rest.sort
  return { view: { ...rest, near: best.id, nearName: best.label, sort }, typedPlace }
}

/** A "Best match" link opened without a living profile shows the default order, saying why. */
async function fetchMatchOrDefault(view: BrowseView, signal: AbortSignal) {
  try {
    return { ...(await fetchFirstPage(view, signal)), view, matchRefused: null }
  } catch (error) {
    if (view.sort !== 'match' || !(error instanceof ApiRequestError) || error.status !== 400) throw error
    const fallback = { ...view, sort: DEFAULT_VIEW.sort }
    return { ...(await fetchFirstPage(fallback, signal)), view: fallback, matchRefused: error.message }
  }
}

export function Component() {
  const { view, firstPage, currency, matchRefused, typedPlace, newListingIds } =
    useLoaderData<typeof loader>()
  const location = useLocation()
  const navigation = useNavigation()
  const isUpdating = navigation.state === 'loading' && navigation.location.pathname === location.pathname
  return (
    <BrowseLayout view={view} canSortByMatch={firstPage.profile === 'scored'} typedPlace={typedPlace}>
      <SaveSearchRow>
        <SaveSearchButton
          query={browseSearchParams(view).toString()}
          suggestedName={suggestedName(view)}
          isSignedIn={firstPage.profile !== null}
        />
      </SaveSearchRow>
      <MatchPrompt profile={firstPage.profile} refused={matchRefused} />
      <NewListingsProvider ids={newListingIds}>
        <BrowseResults
          key={location.search}
          firstPage={firstPage}
          currency={currency}
          isUpdating={isUpdating}
          showMapFirst={view.near !== undefined}
        />
      </NewListingsProvider>
    </BrowseLayout>
  )
}

/** The row above the results with "Save this search": the early cards have it too, so nothing moves at hydration. */
function SaveSearchRow({ children }: { children: ReactNode }) {
  return <div className="mb-4 flex flex-wrap items-center gap-3">{children}</div>
}

/** What a saved search of this view is called unless its owner names it: its room type and place. */
function suggestedName(view: BrowseView) {
  const rooms = view.roomType ? `${view.roomType} rooms` : 'Rooms'
  const place = view.nearName?.split(',')[0]
  return place ? `${rooms} near ${place}` : view.q ? `${rooms}: ${view.q}`.slice(0, 60) : rooms
}

type BrowseLayoutProps = {
  view: BrowseView
  canSortByMatch?: boolean
  typedPlace?: TypedPlace | null
  children: ReactNode
}

/**
 * The page around its results. The build's prerendered first paint (src/web/first-paint/) has the results still
 * loading; once the page is hydrated, they are rendered in slices (AfterHydration).
 */
export function BrowseLayout({ view, canSortByMatch, typedPlace, children }: BrowseLayoutProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <PageTitle title="Browse Listing" />
      <TypedHeading words={WORDS} className="mb-2 text-center text-3xl font-extrabold sm:text-4xl" />
      <p className="mb-6 text-center text-base-content/80 sm:mb-8">
        Every room on Nestmate. Search by place, set your budget, pick a room type.
      </p>
      <BrowseFilters view={view} canSortByMatch={canSortByMatch} typedPlace={typedPlace} />
      <div className="mt-6">
        <AfterHydration
          early={<EarlyCardsSlot src={API.listings} template="early-browse" />}
          fallback={<Spinner label="Loading listings…" />}
        >
          {children}
        </AfterHydration>
      </div>
    </div>
  )
}

/** The build's first paint: the default view, its results still loading, and the templates of its early cards. */
export const firstPaint = {
  Component: () => <BrowseLayout view={DEFAULT_VIEW}>{null}</BrowseLayout>,
  templates: () => (
    <CardTemplates
      name="early-browse"
      block={
        <div className="transition-opacity">
          {/* Signed out, as the first paint is: a link to sign in that comes back with the save dialog open. */}
          <SaveSearchRow>
            <SaveSearchButton query="" suggestedName="Rooms" isSignedIn={false} />
          </SaveSearchRow>
          <ResultsHeader count="~count~" currency="~currency~" isMapShown={false} />
          <ul data-cards className={CARD_GRID} />
        </div>
      }
      card={<BrowseCard listing={TOKEN_LISTING} currency="USD" to={PATHS.details('~_id~')} />}
    />
  ),
}

export const ErrorBoundary = RouteErrorBoundary
