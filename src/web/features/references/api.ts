import { API } from '#shared/api.ts'
import type { MyReferences, ReferenceAnswer, ReferenceAsk } from '#shared/references.ts'
import { api, ApiRequestError } from '../../lib/api.ts'

/** What a reference link asks, or why it can't be answered: unknown (404), used or expired (410). */
export async function getReferenceAsk(
  token: string,
  signal?: AbortSignal,
): Promise<{ ask: ReferenceAsk } | { gone: 'unknown' | 'used' }> {
  try {
    return { ask: await api<ReferenceAsk>(API.referenceLink(token), { signal }) }
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 410) return { gone: 'used' }
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400))
      return { gone: 'unknown' }
    throw error
  }
}

export const sendReference = (token: string, answer: ReferenceAnswer) =>
  api<{ message: string }>(API.referenceLink(token), { method: 'POST', body: answer })

/** The caller's references, hidden ones too, and the requests nobody has answered yet. */
export const getMyReferences = (signal?: AbortSignal) => api<MyReferences>(API.myReferences, { signal })

export const setReferenceHidden = (id: string, hidden: boolean) =>
  api<{ hidden: boolean }>(API.myReference(id), { method: 'PATCH', body: { hidden } })
