import { data } from 'react-router'
import { API } from '#shared/api.ts'
import { IdSchema, type LikeResult, type ListingDetail } from '#shared/listing.ts'
import { api, ApiRequestError } from '../../lib/api.ts'

/** One listing for its details or edit page; an unknown or malformed id becomes a 404/400 route error. */
export async function getListing(id: string): Promise<ListingDetail> {
  if (!IdSchema.safeParse(id).success) throw data({ message: 'Malformed listing id.' }, { status: 400 })
  try {
    return await api<ListingDetail>(API.listing(id))
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
      throw data({ message: error.message }, { status: error.status })
    }
    throw error
  }
}

export function likeListing(id: string) {
  return api<LikeResult>(API.like(id), { method: 'PATCH', body: {} })
}

/**
 * The contact address as a link target, only when it is an http(s) address without a user name or password.
 * Listings saved before e-mail addresses were refused hold `https://name@example.com/`: an e-mail, not a page, so
 * it is shown as text rather than as a "Facebook Page" link that leads nowhere.
 */
export function safeContactHref(contact: string): string | null {
  try {
    const url = new URL(contact)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
    return url.username || url.password ? null : url.href
  } catch {
    return null
  }
}
