import { z } from 'zod'
import { API } from '../../../shared/api.ts'
import { BrowseQuerySchema, ListingSummarySchema, type ListingSummary } from '../../../shared/listing.ts'
import { apiRequest } from '../../lib/api.ts'

export type BrowseView = Omit<z.infer<typeof BrowseQuerySchema>, 'limit' | 'cursor'>
export type BrowsePage = { listings: ListingSummary[]; total: number; next: string | null }

const ListSchema = z.array(ListingSummarySchema)
const VIEW_KEYS = ['sort', 'roomType', 'q', 'minRent', 'maxRent'] as const
const DEFAULTS = BrowseQuerySchema.parse({})

/**
 * The browse view from the page URL. Each parameter is checked on its own: a bad one (say minRent=abc in a
 * hand-edited link) falls back to its default instead of failing the whole page.
 */
export function readBrowseView(params: URLSearchParams): BrowseView {
  const view: BrowseView = { sort: DEFAULTS.sort }
  for (const key of VIEW_KEYS) {
    const raw = params.get(key)?.trim()
    if (!raw) continue
    const parsed = BrowseQuerySchema.shape[key].safeParse(raw)
    if (parsed.success && parsed.data !== undefined) Object.assign(view, { [key]: parsed.data })
  }
  return view
}

/** The URL search params for a view, leaving out defaults so shared links stay short. */
export function browseSearchParams(view: Partial<BrowseView>): URLSearchParams {
  const params = new URLSearchParams()
  for (const key of VIEW_KEYS) {
    const value = view[key]
    if (value === undefined || value === '' || (key === 'sort' && value === DEFAULTS.sort)) continue
    params.set(key, String(value))
  }
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

async function fetchPage(path: string, signal?: AbortSignal): Promise<BrowsePage> {
  const { data, headers } = await apiRequest(path, { schema: ListSchema, signal })
  const total = Number(headers.get('X-Total-Count'))
  return {
    listings: data,
    total: Number.isFinite(total) ? total : data.length,
    next: nextLink(headers.get('Link')),
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
