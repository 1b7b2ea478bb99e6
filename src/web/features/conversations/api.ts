import { data } from 'react-router'
import { API } from '#shared/api.ts'
import type {
  Conversation,
  InboxEntry,
  Message,
  MessagesPage,
  NewConversation,
  Unread,
} from '#shared/conversations.ts'
import type { NewReview } from '#shared/reviews.ts'
import { api, apiRequest, ApiRequestError } from '../../lib/api.ts'

/** A page of the inbox and the `before` of the next one, if any (from the answer's Link header). */
export async function getInbox(before?: string, signal?: AbortSignal) {
  const query = before ? `?before=${encodeURIComponent(before)}` : ''
  const { data: entries, headers } = await apiRequest<InboxEntry[]>(`${API.conversations}${query}`, {
    signal,
  })
  const next = /before=(\d+)/.exec(headers.get('link') ?? '')?.[1] ?? null
  return { entries, next }
}

/**
 * The caller's conversation about a listing or a room-wanted ad, if they have one (its owner may have several: the
 * newest).
 */
export async function conversationAbout(
  subject: { listingId: string } | { seekerAdId: string },
): Promise<string | null> {
  const entries = await api<InboxEntry[]>(
    `${API.conversations}?${new URLSearchParams({ ...subject, limit: '1' })}`,
  )
  return entries[0]?.id ?? null
}

/** A conversation's header; an unknown one (or someone else's) becomes the route's 404/403. */
export async function getConversation(id: string): Promise<Conversation> {
  try {
    return await api<Conversation>(API.conversation(id))
  } catch (error) {
    if (error instanceof ApiRequestError && [400, 403, 404].includes(error.status))
      throw data({ message: error.message }, { status: error.status })
    throw error
  }
}

export function getMessages(id: string, query: { before?: number; after?: number } = {}) {
  const params = new URLSearchParams()
  if (query.before) params.set('before', String(query.before))
  if (query.after) params.set('after', String(query.after))
  const search = params.size > 0 ? `?${params}` : ''
  return api<MessagesPage>(`${API.messages(id)}${search}`)
}

export const startConversation = (input: NewConversation) =>
  api<{ conversationId: string }>(API.conversations, { method: 'POST', body: input })

export const sendMessage = (id: string, body: string) =>
  api<Message>(API.messages(id), { method: 'POST', body: { body } })

export const markRead = (id: string) => api<Unread>(API.read(id), { method: 'POST', body: {} })

/** "Not a fit": the last message (none when empty), then the conversation closes. */
export const declineConversation = (id: string, message: string | undefined) =>
  api<Conversation>(API.decline(id), { method: 'POST', body: message ? { message } : {} })

export const setBlocked = (id: string, blocked: boolean) =>
  api<{ blocked: boolean }>(API.block(id), { method: blocked ? 'POST' : 'DELETE' })

/** "We moved in" (the person contacted), or its confirmation (the other): the header as it is then. */
export const markMovedIn = (id: string, confirm: boolean) =>
  api<Conversation>(confirm ? API.movedInConfirm(id) : API.movedIn(id), { method: 'POST', body: {} })

export const writeReview = (review: NewReview) =>
  api<{ _id: string; published: boolean }>(API.reviews, { method: 'POST', body: review })
