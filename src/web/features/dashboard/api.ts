import { API } from '../../../shared/api.ts'
import { ListingSchema } from '../../../shared/listing.ts'
import { StatsSchema } from '../../../shared/user.ts'
import { api } from '../../lib/api.ts'

export function getStats() {
  return api(API.stats, { schema: StatsSchema })
}

export function getMyListings() {
  return api(API.myListings, { schema: ListingSchema.array() })
}

export function deleteListing(id: string) {
  return api<{ message?: string }>(API.listing(id), { method: 'DELETE' })
}
