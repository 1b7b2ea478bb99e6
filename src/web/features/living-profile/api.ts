import { API } from '#shared/api.ts'
import type { LivingProfile, LivingProfileInput } from '#shared/living-profile.ts'
import { api, ApiRequestError } from '../../lib/api.ts'

/** The person's own living profile, or null before they fill one in. */
export async function getLivingProfile(signal?: AbortSignal): Promise<LivingProfile | null> {
  try {
    return await api<LivingProfile>(API.livingProfile, { signal })
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return null
    throw error
  }
}

export function saveLivingProfile(profile: LivingProfileInput) {
  return api<LivingProfile>(API.livingProfile, { method: 'PUT', body: profile })
}

export function deleteLivingProfile() {
  return api<{ message: string }>(API.livingProfile, { method: 'DELETE' })
}
