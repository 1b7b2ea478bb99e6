import { z } from 'zod'
import { API } from '../../../shared/api.ts'
import { FeaturedListingSchema, type FeaturedListing } from '../../../shared/listing.ts'
import { api } from '../../lib/api.ts'

const FeaturedListSchema = z.array(FeaturedListingSchema)

// A request that never answers must not leave the section spinning forever (a defect of the original).
const TIMEOUT_MS = 10_000

export function fetchFeatured(signal?: AbortSignal): Promise<FeaturedListing[]> {
  const timeout = AbortSignal.timeout(TIMEOUT_MS)
  return api(API.featured, {
    schema: FeaturedListSchema,
    signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
  })
}
