import { MIN_COMMON_QUESTIONS, QUESTIONS, WEIGHTS, type Importance } from './questionnaire.ts'

type Entry = { answer: string; accepted: readonly string[]; importance: Importance }
export type Profile = { answers: Partial<Record<string, Entry>>; interests: readonly string[] }

export type MatchQuestion = {
  id: string
  theirs: string
  yours: string
  youAccept: boolean
  theyAccept: boolean
  dealbreaker: 'you' | 'them' | 'both' | null
}

export type MatchDetail = {
  score: number | null
  agree: string[]
  differ: string[]
  dealbreakers: string[]
  sharedInterests: string[]
  questions: MatchQuestion[]
}

/**
 * How well `from`'s wishes are met by `to`'s answers over the questions both answered: the weights of the
 * questions where `to`'s answer is one `from` accepts, over all of `from`'s weights. Nothing weighs anything
 * (every common question irrelevant to `from`): nothing is unmet, so 1.
 */
function satisfaction(from: Profile, to: Profile, common: string[]): number {
  let met = 0
  let total = 0
  for (const id of common) {
    const wish = from.answers[id]!
    const weight = WEIGHTS[wish.importance]
    total += weight
    if (wish.accepted.includes(to.answers[id]!.answer)) met += weight
  }
  return total === 0 ? 1 : met / total
}

/**
 * The match between a viewer and a poster: round(100 · √(sat(V→P) · sat(P→V))) over the questions both answered,
 * null with fewer than MIN_COMMON_QUESTIONS of them. The database computes the same score for browse (the
 * living-profile codes); this is the one that explains itself on details.
 */
export function compareProfiles(viewer: Profile, poster: Profile): MatchDetail {
  const common = QUESTIONS.map((q) => q.id as string).filter((id) => viewer.answers[id] && poster.answers[id])
  const questions = common.map((id): MatchQuestion => {
    const mine = viewer.answers[id]!
    const theirs = poster.answers[id]!
    const youAccept = mine.accepted.includes(theirs.answer)
    const theyAccept = theirs.accepted.includes(mine.answer)
    const yoursBroken = !youAccept && mine.importance === 'dealbreaker'
    const theirsBroken = !theyAccept && theirs.importance === 'dealbreaker'
    const dealbreaker =
      yoursBroken && theirsBroken ? 'both' : yoursBroken ? 'you' : theirsBroken ? 'them' : null
    return { id, theirs: theirs.answer, yours: mine.answer, youAccept, theyAccept, dealbreaker }
  })
  const score =
    common.length < MIN_COMMON_QUESTIONS
      ? null
      : Math.round(
          100 * Math.sqrt(satisfaction(viewer, poster, common) * satisfaction(poster, viewer, common)),
        )
  return {
    score,
    agree: questions.filter((q) => q.youAccept && q.theyAccept).map((q) => q.id),
    differ: questions.filter((q) => !(q.youAccept && q.theyAccept) && !q.dealbreaker).map((q) => q.id),
    dealbreakers: questions.filter((q) => q.dealbreaker).map((q) => q.id),
    sharedInterests: viewer.interests.filter((tag) => poster.interests.includes(tag)),
    questions,
  }
}
