import { API } from '../../../shared/api.ts'
import type { FeaturedListing } from '../../../shared/listing.ts'
import { api } from '../../lib/api.ts'

// A request that never answers must not leave the section spinning forever (a defect of the original).
const TIMEOUT_MS = 10_000

export function fetchFeatured(signal?: AbortSignal): Promise<FeaturedListing[]> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS)
  return api<FeaturedListing[]>(API.featured, {
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  })
}
