import type { ReactNode } from 'react'
import { Link, useLoaderData, useNavigation } from 'react-router'
import { API, PATHS } from '#shared/api.ts'
import { SEEKER_AD_FILTER_PARAMS } from '#shared/seeker-ad-facts.ts'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { Spinner } from '../components/spinner.tsx'
import { getAds } from '../features/rooms-wanted/api.ts'
import { SeekerTemplates, TOKEN_AD } from '../features/rooms-wanted/early-seeker-templates.tsx'
import { SEEKER_GRID, SeekerCard } from '../features/rooms-wanted/seeker-card.tsx'
import { SeekerFilters, VIEW_KEYS, type SeekerView } from '../features/rooms-wanted/seeker-filters.tsx'
import type { TypedPlace } from '../features/places/typed-place-note.tsx'
import { bestPlace } from '../features/places/places-api.ts'
import { AfterHydration } from '../first-paint/after-hydration.tsx'
import { EarlyCardsSlot } from '../first-paint/early-templates.tsx'
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
  const typedPlace = await resolveTypedPlace(view, url.searchParams.get('nearText'), request.signal)
  const cursor = url.searchParams.get('cursor')
  const params = (sort?: string) => {
    const params = new URLSearchParams()
    for (const key of SEEKER_AD_FILTER_PARAMS) if (view[key]) params.set(key, view[key])
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
    typedPlace,
  }
}

/**
 * A place name typed without picking a suggestion (a form sent before the app had loaded, or Enter in the box):
 * the gazetteer's best match for it goes into the view, as browse does; the page says which place it used, or none.
 */
async function resolveTypedPlace(view: SeekerView, typed: string | null, signal: AbortSignal) {
  const text = typed?.trim()
  if (!text || view.near) return null
  const best = await bestPlace(text, signal)
  if (best) Object.assign(view, { near: String(best.id), nearName: best.label })
  return { typed: text, usedLabel: best?.label ?? null } satisfies TypedPlace
}

/** The address of the page after this one: the same view with the next cursor. */
function nextPage(search: string, cursor: string) {
  const params = new URLSearchParams(search)
  params.set('cursor', cursor)
  return `${PATHS.roomsWanted}?${params}`
}

const peopleLooking = (total: number) =>
  total === 1 ? '1 person looking' : `${total.toLocaleString('en-US')} people looking`

function AdsCount({ text }: { text: string }) {
  return (
    <p role="status" className="mb-4 font-semibold">
      {text}
    </p>
  )
}

const LIST_LABEL = 'Room-wanted ads'

export function Component() {
  const { view, page, refused, currency, cursor, search, typedPlace } = useLoaderData<typeof loader>()
  const navigation = useNavigation()
  const firstPage = new URLSearchParams(search)
  firstPage.delete('cursor')
  return (
    <RoomsWantedLayout view={view} search={search} typedPlace={typedPlace}>
      {refused && (
        <p role="status" className="mb-4 rounded-box bg-base-200 p-3">
          {refused}
        </p>
      )}
      <div aria-busy={navigation.state === 'loading'}>
        <AdsCount text={peopleLooking(page.total)} />
        {page.ads.length === 0 ? (
          <p className="rounded-box bg-base-200 p-8 text-center text-lg">
            No one is looking with these filters yet.
          </p>
        ) : (
          <ul className={SEEKER_GRID} aria-label={LIST_LABEL}>
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
    </RoomsWantedLayout>
  )
}

type RoomsWantedLayoutProps = {
  view: SeekerView
  search: string
  typedPlace?: TypedPlace | null
  children: ReactNode
}

/**
 * The page around its results. The build's prerendered first paint (src/web/first-paint/) has the results still
 * loading, with a slot for the early cards; once the page is hydrated, they are rendered (AfterHydration).
 */
function RoomsWantedLayout({ view, search, typedPlace, children }: RoomsWantedLayoutProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-10">
      <PageTitle title="Rooms wanted" />
      <h1 className="mb-2 text-center text-3xl font-extrabold sm:text-4xl">Rooms wanted</h1>
      <p className="mb-6 text-center text-base-content/80 sm:mb-8">
        People looking for a room, where they want to live and what they can pay. Need a room yourself?{' '}
        <Link to={PATHS.mySeekerAd} className="link link-primary">
          Write your own ad
        </Link>
        .
      </p>
      <SeekerFilters key={search} view={view} typedPlace={typedPlace} />
      <div className="mt-6">
        <AfterHydration
          early={<EarlyCardsSlot src={API.seekerAds} template="early-seekers" />}
          fallback={<Spinner label="Loading ads…" />}
        >
          {children}
        </AfterHydration>
      </div>
    </div>
  )
}

/** The build's first paint: the default view, its ads still loading, and the templates of its early cards. */
export const firstPaint = {
  Component: () => (
    <RoomsWantedLayout view={{}} search="">
      {null}
    </RoomsWantedLayout>
  ),
  templates: () => (
    <SeekerTemplates
      name="early-seekers"
      block={
        <div>
          <AdsCount text="~count~" />
          <ul data-cards className={SEEKER_GRID} aria-label={LIST_LABEL} />
        </div>
      }
      card={
        <li>
          <SeekerCard ad={TOKEN_AD} to={PATHS.seekerAd('~_id~')} currency="USD" />
        </li>
      }
    />
  ),
}

export const ErrorBoundary = RouteErrorBoundary
