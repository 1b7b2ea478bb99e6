import { API } from '#shared/api.ts'
import type { LikedListing, Liker, UnlikeResult } from '#shared/likes.ts'
import { api, apiRequest } from '../../lib/api.ts'

/** The rooms the person liked, newest like first (the newest 100), and how many they liked in all. */
export async function getLikedRooms(signal?: AbortSignal) {
  const { data, headers } = await apiRequest<LikedListing[]>(API.myLikes, { signal })
  return { rooms: data, total: Number(headers.get('X-Total-Count') ?? data.length) }
}

/** Takes the person's like back; answers the listing's count after it. */
export function unlikeListing(id: string) {
  return api<UnlikeResult>(API.like(id), { method: 'DELETE' })
}

/** Who liked one of the person's own listings, newest first (the newest 100). */
export function getLikers(id: string) {
  return api<Liker[]>(API.likers(id))
}
