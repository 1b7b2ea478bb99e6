import { API } from '#shared/api.ts'
import type { FeaturedListing } from '#shared/listing.ts'
import { api } from '../../lib/api.ts'
import { loadCurrency } from '../../lib/config.ts'

export type Featured = { listings: FeaturedListing[]; currency: string }

// A request that never answers must not leave the section spinning forever (a defect of the original).
const TIMEOUT_MS = 10_000

/** The featured rooms and the currency their rents are shown in. */
export async function fetchFeatured(signal?: AbortSignal): Promise<Featured> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS)
  const [listings, currency] = await Promise.all([
    api<FeaturedListing[]>(API.featured, { signal: signal ? AbortSignal.any([signal, timeout]) : timeout }),
    loadCurrency(),
  ])
  return { listings, currency }
}
