import { API } from '#shared/api.ts'
import type { MyListing } from '#shared/reports.ts'
import type { Stats } from '#shared/user.ts'
import { api } from '../../lib/api.ts'

export function getStats() {
  return api<Stats>(API.stats)
}

export function getMyListings() {
  return api<MyListing[]>(API.myListings)
}

export function deleteListing(id: string) {
  return api<{ message?: string }>(API.listing(id), { method: 'DELETE' })
}

/** "Still available": the owner confirms the room is there. */
export function confirmListing(id: string) {
  return api<{ confirmedAt: string }>(API.confirm(id), { method: 'POST', body: {} })
}
