import { API } from '#shared/api.ts'
import type { MySeekerAd, NewSeekerAd, SeekerAd, SeekerAdDetail, SeekerAdSummary } from '#shared/seeker-ad.ts'
import { api, apiRequest, ApiRequestError } from '../../lib/api.ts'

// The room-wanted calls of the web app (docs/api.md).

export type AdsPage = { ads: SeekerAdSummary[]; total: number; next: string | null; profile: string | null }

/** The `cursor` of the answer's Link: rel="next", for the page's own "Next" address. */
function nextCursor(headers: Headers): string | null {
  const link = /<([^>]+)>; rel="next"/.exec(headers.get('link') ?? '')?.[1]
  return link ? new URL(link, 'http://nestmate.invalid').searchParams.get('cursor') : null
}

async function page(path: string, signal?: AbortSignal): Promise<AdsPage> {
  const { data, headers } = await apiRequest<SeekerAdSummary[]>(path, { signal })
  return {
    ads: data,
    total: Number(headers.get('x-total-count') ?? data.length),
    next: nextCursor(headers),
    profile: headers.get('x-living-profile'),
  }
}

/**
 * A page of Rooms wanted for these API parameters (the page's own view, less what only the page reads). Without
 * any, the plain address: the one the prerendered page's early cards asked for (src/shared/pages.ts).
 */
export function getAds(params: URLSearchParams, signal?: AbortSignal) {
  const query = params.toString()
  return page(query ? `${API.seekerAds}?${query}` : API.seekerAds, signal)
}

export const getListingSeekers = (id: string, cursor: string | null, signal?: AbortSignal) =>
  page(`${API.listingSeekers(id)}${cursor ? `?${new URLSearchParams({ cursor })}` : ''}`, signal)

/** How many people's ads fit the listing: the total of a one-ad page. */
export async function countListingSeekers(id: string, signal?: AbortSignal) {
  const { total } = await page(`${API.listingSeekers(id)}?limit=1`, signal)
  return total
}

export const getAd = (id: string, signal?: AbortSignal) =>
  api<SeekerAdDetail>(API.seekerAdById(id), { signal })

/** My ad, or null before I write one. */
export async function getMyAd(signal?: AbortSignal): Promise<MySeekerAd | null> {
  try {
    return await api<MySeekerAd>(API.seekerAd, { signal })
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null
    throw error
  }
}

export const saveMyAd = (ad: NewSeekerAd) =>
  api<{ seekerAd: SeekerAd }>(API.seekerAd, { method: 'PUT', body: ad })

export const deleteMyAd = () => api<{ message: string }>(API.seekerAd, { method: 'DELETE' })
