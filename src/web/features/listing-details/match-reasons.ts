import { questionById, type Importance } from '#shared/questionnaire.ts'
import type { MatchDetail, MatchQuestion } from '#shared/match.ts'

const answerOf = (questionId: string, answerId: string) =>
  questionById(questionId)?.answers.find((answer) => answer.id === answerId)

/** One question of the match in plain words, from the viewer's side. */
export function reason(question: MatchQuestion): string {
  const theirs = answerOf(question.id, question.theirs)?.they ?? 'They answered differently'
  const yours = answerOf(question.id, question.yours)?.label.toLowerCase() ?? 'yours'
  const { youMind, theyMind } = question
  if (youMind === 'dealbreaker') return `${theirs}, which you said is a dealbreaker.`
  if (theyMind === 'dealbreaker') return `You answered “${yours}”, which they said is a dealbreaker.`
  if (!youMind && !theyMind)
    return question.theirs === question.yours
      ? `${theirs}, like you.`
      : `${theirs}; you answered “${yours}”, and you’re both fine with that.`
  if (youMind && theyMind)
    return `${theirs}, which you’d rather not live with; you answered “${yours}”, which they’d rather not either.`
  if (youMind) return `${theirs}; that isn’t among the answers you’d live with.`
  return `You answered “${yours}”, which isn’t among the answers they’d live with.`
}

/** "Very" → "matters very much"; how much a missed wish weighs, in words. */
export const MATTERS: Record<Importance, string> = {
  irrelevant: 'doesn’t matter',
  a_little: 'matters a little',
  somewhat: 'matters somewhat',
  very: 'matters very much',
  dealbreaker: 'a dealbreaker',
}

/** How much a difference weighs on each side whose wish it misses: [{ side: 'you', text: 'matters very much' }]. */
export function weights(question: MatchQuestion): { side: 'you' | 'them'; text: string }[] {
  const sides = [
    ['you', question.youMind],
    ['them', question.theyMind],
  ] as const
  return sides.flatMap(([side, importance]) => (importance ? [{ side, text: MATTERS[importance] }] : []))
}

/** The match's questions grouped as the page lists them; differences heaviest first, as the API sends them. */
export function groupedReasons(match: MatchDetail) {
  const byId = new Map(match.questions.map((question) => [question.id, question]))
  const words = (ids: string[]) =>
    ids.map((id) => ({ id, text: reason(byId.get(id)!), weights: weights(byId.get(id)!) }))
  return {
    dealbreakers: words(match.dealbreakers),
    agree: words(match.agree),
    differ: words(match.differ),
  }
}
