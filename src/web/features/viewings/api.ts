import { API } from '#shared/api.ts'
import type { SharedViewing, Viewing, ViewingTimesAnswer, ViewingTimesInput } from '#shared/viewings.ts'
import { api, ApiRequestError } from '../../lib/api.ts'

type Changed = { viewing: Viewing }
export type ViewingRole = 'seeker' | 'poster'
export type ViewingWhen = 'upcoming' | 'past'

export const getViewingTimes = (listingId: string, signal?: AbortSignal) =>
  api<ViewingTimesAnswer>(API.viewingTimes(listingId), { signal })

export const saveViewingTimes = (listingId: string, times: ViewingTimesInput) =>
  api<ViewingTimesInput>(API.viewingTimes(listingId), { method: 'PUT', body: times })

export const bookViewing = (listingId: string, start: string) =>
  api<Changed>(API.viewings, { method: 'POST', body: { listingId, start } })

/** The first page of the caller's viewings in one role, upcoming or past. */
export async function getViewings(role: ViewingRole, when: ViewingWhen, signal?: AbortSignal) {
  const { viewings } = await api<{ viewings: Viewing[] }>(
    `${API.viewings}?${new URLSearchParams({ role, when })}`,
    { signal },
  )
  return viewings
}

export const getViewing = (id: string) => api<Changed>(API.viewing(id))

export const cancelViewing = (id: string, reason: string | undefined) =>
  api<Changed>(API.viewingPart(id, 'cancel'), { method: 'POST', body: reason ? { reason } : {} })

export const sayLate = (id: string, minutes: number) =>
  api<Changed>(API.viewingPart(id, 'late'), { method: 'POST', body: { minutes } })

export const recordOutcome = (id: string, outcome: 'done' | 'no_show') =>
  api<Changed>(API.viewingPart(id, 'outcome'), { method: 'POST', body: { outcome } })

/** What a share link shows, or null when the link doesn't work (revoked, over, or never was). */
export async function getSharedViewing(token: string, signal?: AbortSignal): Promise<SharedViewing | null> {
  try {
    return await api<SharedViewing>(API.sharedViewing(token), { signal })
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return null
    throw error
  }
}

export const shareViewing = (id: string) =>
  api<{ url: string }>(API.viewingPart(id, 'share'), { method: 'POST', body: {} })

export const stopSharing = (id: string) => api<null>(API.viewingPart(id, 'share'), { method: 'DELETE' })
