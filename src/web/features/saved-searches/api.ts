import { API } from '#shared/api.ts'
import type { Alert, SavedSearch, SeenSavedSearch } from '#shared/saved-searches.ts'
import { api } from '../../lib/api.ts'

export const getSavedSearches = (signal?: AbortSignal) => api<SavedSearch[]>(API.savedSearches, { signal })

export const saveSearch = (body: { name: string; query: string; alert: Alert }) =>
  api<{ savedSearch: SavedSearch }>(API.savedSearches, { method: 'POST', body })

export const changeSavedSearch = (id: string, body: { name?: string; alert?: Alert }) =>
  api<{ savedSearch: SavedSearch }>(API.savedSearch(id), { method: 'PATCH', body })

export const deleteSavedSearch = (id: string) =>
  api<{ message: string }>(API.savedSearch(id), { method: 'DELETE' })

export const markSavedSearchSeen = (id: string) =>
  api<SeenSavedSearch>(API.savedSearchSeen(id), { method: 'POST', body: {} })

export const getUnsubscribe = (token: string, signal?: AbortSignal) =>
  api<{ name: string; alert: Alert }>(API.unsubscribe(token), { signal })

export const unsubscribe = (token: string) =>
  api<{ name: string; alert: 'off' }>(API.unsubscribe(token), { method: 'POST', body: {} })
