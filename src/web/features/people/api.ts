import { data } from 'react-router'
import { API } from '#shared/api.ts'
import { PersonIdParamsSchema, type PersonProfile } from '#shared/people.ts'
import { api, ApiRequestError } from '../../lib/api.ts'

/** A person's public profile; an unknown or malformed id becomes a 404/400 route error. */
export async function getPerson(id: string, signal?: AbortSignal): Promise<PersonProfile> {
  if (!PersonIdParamsSchema.safeParse({ id }).success)
    throw data({ message: 'Malformed person id.' }, { status: 400 })
  try {
    return await api<PersonProfile>(API.person(id), { signal })
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400))
      throw data({ message: error.message }, { status: error.status })
    throw error
  }
}

/** The reviewed person's one reply to a review of them. */
export const replyToReview = (reviewId: string, text: string) =>
  api<{ reply: string }>(API.reviewReply(reviewId), { method: 'POST', body: { text } })
