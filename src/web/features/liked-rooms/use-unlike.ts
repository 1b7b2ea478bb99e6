import { useFetcher } from 'react-router'
import { PATHS } from '#shared/api.ts'
import type { UnlikeResult } from '#shared/likes.ts'

/** The server's answer, or null when the unlike failed (the action has said why). */
export type UnlikeAnswer = { unlike: UnlikeResult | null }

/**
 * Takes a like back through the Liked rooms page's action, from whichever page the person is on; the page's
 * loaders then run again, so the counts and the phone number shown are the server's.
 */
export function useUnlike(id: string) {
  const fetcher = useFetcher<UnlikeAnswer>()
  return {
    unlike: () => fetcher.submit({ id }, { method: 'delete', action: PATHS.likedRooms }),
    isPending: fetcher.state !== 'idle',
    answer: fetcher.data,
  }
}
