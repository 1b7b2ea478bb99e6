import { PROFILE_CHANGES_PER_DAY, QUESTIONS } from '#shared/questionnaire.ts'
import type { Profile } from '#shared/match.ts'
import type { Database } from '../../db/client.ts'
import { countInWindow } from '../../plugins/rate-limit-store.ts'

// What a viewer learns of a poster depends only on the viewer's own answers and interests (decision 041): for each
// question, whether the poster would live with the viewer's answer. Trying answer after answer would recover the
// poster's accepted sets, so changes to one's own side are few a day; what one accepts and how much it matters
// reveal nothing of anyone else and may change as often as any write.

export const PROFILE_CHANGES = { max: PROFILE_CHANGES_PER_DAY, windowMs: 24 * 60 * 60 * 1000 }

const ownSide = (profile: Pick<Profile, 'answers' | 'interests'>) =>
  JSON.stringify([QUESTIONS.map((q) => profile.answers[q.id]?.answer ?? null), [...profile.interests].sort()])

/** Whether saving `next` over `saved` (undefined: none yet) changes the person's own answers or interests. */
export const changesOwnSide = (saved: Profile | undefined, next: Profile) =>
  !saved || ownSide(saved) !== ownSide(next)

function inWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  if (minutes < 60) return minutes === 1 ? 'a minute' : `${minutes} minutes`
  const hours = Math.ceil(minutes / 60)
  return hours === 1 ? 'an hour' : `${hours} hours`
}

/** The message of a refused change; it says when the person can change them again. */
export const tooManyChanges = (retryAfterMs: number) =>
  `You can change your own answers and interests ${PROFILE_CHANGES.max} times a day, so nobody can work out ` +
  `other people’s preferences by trying answers. You can change them again in ${inWords(retryAfterMs)}; ` +
  'which answers you’d live with and how much they matter can be saved now.'

/**
 * Counts one change of a person's own side in the database (so every process counts against the same bound);
 * answers how long until the next is allowed when this one is over the bound, else null.
 */
export function createProfileChanges(db: Database) {
  return {
    async take(userId: string): Promise<number | null> {
      const { count, windowStart } = await countInWindow(
        db,
        `profile-change:${userId}`,
        PROFILE_CHANGES.windowMs,
      )
      return count > PROFILE_CHANGES.max ? windowStart + PROFILE_CHANGES.windowMs - Date.now() : null
    },
  }
}

export type ProfileChanges = ReturnType<typeof createProfileChanges>
