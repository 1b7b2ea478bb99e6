import { API } from '#shared/api.ts'
import type { BrowseQuery, BrowseSummary } from '#shared/listing.ts'
import { BROWSE_FILTER_PARAMS, DEFAULT_SORT } from '#shared/listing-values.ts'
import { RADIUS_KM } from '#shared/place-values.ts'
import { apiRequest } from '../../lib/api.ts'

// The radius has a default on the server; the page leaves it out of the URL unless someone changed it. `nearName`
// is how the near= place reads, carried in the URL so a shared link shows it in the place box again.
export type BrowseView = Omit<BrowseQuery, 'limit' | 'cursor' | 'radiusKm'> & {
  radiusKm?: number
  nearName?: string
  /** A place's name as typed, searched without picking a suggestion: the page uses its best match. */
  nearText?: string
}
/**
 * `suggestion`: for a search that found nothing, a close word from some listing ("Did you mean …?").
 * `profile`: for a signed-in caller, whether the listings carry a match ('scored') or would with a living profile
 * ('missing'); null for anyone else.
 */
export type BrowsePage = {
  listings: BrowseSummary[]
  total: number
  next: string | null
  suggestion: string | null
  profile: 'scored' | 'missing' | null
}

/** What a view's address holds: the sort and browse's filters. */
export const VIEW_KEYS = ['sort' as const, ...BROWSE_FILTER_PARAMS]
export const DEFAULT_VIEW: BrowseView = { sort: DEFAULT_SORT }

/**
 * The browse view from the page URL, checked by the API's own schema (./parse-browse-view.ts). That module, and the
 * schema library with it, loads only for an address that sets part of the view: the plain /browse-listing that the
 * menu links to has nothing to check, and its first load stays free of zod.
 */
export async function readBrowseView(params: URLSearchParams): Promise<BrowseView> {
  if (![...VIEW_KEYS, 'nearText'].some((key) => params.get(key)?.trim())) return DEFAULT_VIEW
  const { parseBrowseView } = await import('./parse-browse-view.ts')
  return parseBrowseView(params)
}

/** The URL search params for a view, leaving out defaults so shared links stay short. */
export function browseSearchParams(view: Partial<BrowseView>): URLSearchParams {
  const params = new URLSearchParams()
  const hasPlace = view.near !== undefined && String(view.near) !== ''
  for (const key of VIEW_KEYS) {
    const value = view[key]
    if (value === undefined || value === '' || (key === 'sort' && value === DEFAULT_VIEW.sort)) continue
    // Distance and radius mean something only from a place.
    if (!hasPlace && (key === 'radiusKm' || (key === 'sort' && value === 'distance'))) continue
    if (key === 'radiusKm' && Number(value) === RADIUS_KM.default) continue
    params.set(key, String(value))
  }
  if (hasPlace && view.nearName) params.set('nearName', view.nearName)
  if (!hasPlace && view.nearText?.trim()) params.set('nearText', view.nearText.trim())
  return params
}

/** The next page's address from `Link: <…>; rel="next"`, kept only if it points back at this API. */
function nextLink(header: string | null): string | null {
  const target = header?.match(/<([^>]+)>\s*;\s*rel="?next"?/)?.[1]
  if (!target) return null
  const url = new URL(target, window.location.origin)
  return url.origin === window.location.origin && url.pathname === API.listings
    ? url.pathname + url.search
    : null
}

function didYouMean(header: string | null): string | null {
  if (!header) return null
  try {
    return decodeURIComponent(header)
  } catch {
    return null
  }
}
const profileState = (header: string | null) => (header === 'scored' || header === 'missing' ? header : null)

async function fetchPage(path: string, signal?: AbortSignal): Promise<BrowsePage> {
  const { data, headers } = await apiRequest<BrowseSummary[]>(path, { signal })
  const total = Number(headers.get('X-Total-Count'))
  return {
    listings: data,
    total: Number.isFinite(total) ? total : data.length,
    next: nextLink(headers.get('Link')),
    suggestion: didYouMean(headers.get('X-Did-You-Mean')),
    profile: profileState(headers.get('X-Living-Profile')),
  }
}

export function fetchFirstPage(view: BrowseView, signal?: AbortSignal): Promise<BrowsePage> {
  const query = browseSearchParams(view).toString()
  return fetchPage(query ? `${API.listings}?${query}` : API.listings, signal)
}

/** Follows the server's `rel="next"` link (the keyset cursor) for "Load more". */
export function fetchNextPage(next: string): Promise<BrowsePage> {
  return fetchPage(next)
}
