import { API } from '#shared/api.ts'
import type { ActionLogSchema, Queue } from '#shared/moderation.ts'
import type { ReportTargetKind } from '#shared/reports.ts'
import type { z } from 'zod'
import { api } from '../../lib/api.ts'

export const getModeratorStatus = () => api<{ isModerator: boolean }>(API.moderationStatus)
/** A page of the queue: the first, or the one after `cursor` (a previous page's `nextCursor`). */
export const getQueue = (cursor: string | null, signal?: AbortSignal) =>
  api<Queue>(`${API.moderationQueue}${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`, { signal })
export const getActions = (signal?: AbortSignal) =>
  api<z.infer<typeof ActionLogSchema>>(API.moderationActions, { signal })

const HIDE_PATH = {
  listing: API.moderationListing,
  seeker_ad: API.moderationSeekerAd,
  reference: API.moderationReference,
  review: API.moderationReview,
}
export type HideableKind = keyof typeof HIDE_PATH
export const isHideable = (kind: string): kind is HideableKind => kind in HIDE_PATH
export const setHidden = (kind: HideableKind, id: string, hidden: boolean, reason: string) =>
  api(HIDE_PATH[kind](id, hidden ? 'hide' : 'unhide'), { method: 'POST', body: { reason } })
export const setSuspended = (id: string, suspended: boolean, reason: string) =>
  api(API.moderationUser(id, suspended ? 'suspend' : 'unsuspend'), { method: 'POST', body: { reason } })
export const dismiss = (targetKind: ReportTargetKind, targetId: string, reason: string) =>
  api(API.moderationDismiss, { method: 'POST', body: { targetKind, targetId, reason } })
