import { MET_WEIGHT, MIN_COMMON_QUESTIONS, QUESTIONS, WEIGHTS, type Importance } from './questionnaire.ts'

type Entry = { answer: string; accepted: readonly string[]; importance: Importance }
export type Profile = { answers: Partial<Record<string, Entry>>; interests: readonly string[] }

/**
 * One question both answered, as the viewer may see it: both answers, and for each side whose wish the other's
 * answer misses, how much that side said it matters (its weight in the score). Nothing about a wish that is met:
 * never which other answers the poster would accept, nor how much a question matters to them when yours suits them.
 */
export type MatchQuestion = {
  id: string
  theirs: string
  yours: string
  /** How much it matters to you, when their answer isn't one you'd live with; null when it is. */
  youMind: Importance | null
  /** How much it matters to them, when your answer isn't one they'd live with; null when it is. */
  theyMind: Importance | null
}

export type MatchDetail = {
  score: number | null
  agree: string[]
  differ: string[]
  dealbreakers: string[]
  sharedInterests: string[]
  /**
   * The share (0–100) of what matters to you that their answers meet, and of what matters to them that yours meet:
   * the score is round(√(yours · theirs)) before rounding. Null with no score.
   */
  shares: { yours: number; theirs: number } | null
  questions: MatchQuestion[]
}

/**
 * How well `from`'s wishes are met by `to`'s answers over the questions both answered: each wish `to` meets
 * weighs MET_WEIGHT, each it misses its importance's weight; the share is what is met over the whole. Whoever
 * reads it learns how much a missed wish matters (`theyMind` says so anyway), never a met one's (decision 074).
 * Nothing weighs anything (only irrelevant wishes, all missed): nothing that matters is unmet, so 1.
 */
function satisfaction(from: Profile, to: Profile, common: string[]): number {
  let met = 0
  let missed = 0
  for (const id of common) {
    const wish = from.answers[id]!
    if (wish.accepted.includes(to.answers[id]!.answer)) met += MET_WEIGHT
    else missed += WEIGHTS[wish.importance]
  }
  return met + missed === 0 ? 1 : met / (met + missed)
}

/** The importance of `from`'s wish on question `id` when `to`'s answer misses it, else null. */
function minds(from: Profile, to: Profile, id: string): Importance | null {
  const wish = from.answers[id]!
  return wish.accepted.includes(to.answers[id]!.answer) ? null : wish.importance
}

const weightOf = (question: MatchQuestion) =>
  (question.youMind ? WEIGHTS[question.youMind] : 0) + (question.theyMind ? WEIGHTS[question.theyMind] : 0)

/**
 * The match between a viewer and a poster: round(100 · √(sat(V→P) · sat(P→V))) over the questions both answered,
 * null with fewer than MIN_COMMON_QUESTIONS of them. The database computes the same score for browse (the
 * living-profile codes); this is the one that explains itself on details. Differences come heaviest first.
 */
export function compareProfiles(viewer: Profile, poster: Profile): MatchDetail {
  const common = QUESTIONS.map((q) => q.id as string).filter((id) => viewer.answers[id] && poster.answers[id])
  const questions = common.map((id): MatchQuestion => ({
    id,
    theirs: poster.answers[id]!.answer,
    yours: viewer.answers[id]!.answer,
    youMind: minds(viewer, poster, id),
    theyMind: minds(poster, viewer, id),
  }))
  const isDealbreaker = (q: MatchQuestion) => q.youMind === 'dealbreaker' || q.theyMind === 'dealbreaker'
  const [yours, theirs] = [satisfaction(viewer, poster, common), satisfaction(poster, viewer, common)]
  const hasScore = common.length >= MIN_COMMON_QUESTIONS
  return {
    score: hasScore ? Math.round(100 * Math.sqrt(yours * theirs)) : null,
    agree: questions.filter((q) => !q.youMind && !q.theyMind).map((q) => q.id),
    differ: questions
      .filter((q) => (q.youMind || q.theyMind) && !isDealbreaker(q))
      .sort((a, b) => weightOf(b) - weightOf(a))
      .map((q) => q.id),
    dealbreakers: questions.filter(isDealbreaker).map((q) => q.id),
    sharedInterests: viewer.interests.filter((tag) => poster.interests.includes(tag)),
    shares: hasScore ? { yours: Math.round(100 * yours), theirs: Math.round(100 * theirs) } : null,
    questions,
  }
}
