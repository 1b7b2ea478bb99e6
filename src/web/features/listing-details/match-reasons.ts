import { questionById } from '#shared/questionnaire.ts'
import type { MatchDetail, MatchQuestion } from '#shared/match.ts'

const answerOf = (questionId: string, answerId: string) =>
  questionById(questionId)?.answers.find((answer) => answer.id === answerId)

/** One question of the match in plain words, from the viewer's side. */
export function reason(question: MatchQuestion): string {
  const theirs = answerOf(question.id, question.theirs)?.they ?? 'They answered differently'
  const yours = answerOf(question.id, question.yours)?.label.toLowerCase() ?? 'yours'
  if (question.dealbreaker === 'you' || question.dealbreaker === 'both')
    return `${theirs}, which you said is a dealbreaker.`
  if (question.dealbreaker === 'them') return `You answered “${yours}”, which they said is a dealbreaker.`
  if (question.youAccept && question.theyAccept)
    return question.theirs === question.yours
      ? `${theirs}, like you.`
      : `${theirs}; you answered “${yours}”, and you’re both fine with that.`
  if (!question.youAccept) return `${theirs}; that isn’t among the answers you’d live with.`
  return `You answered “${yours}”, which isn’t among the answers they’d live with.`
}

/** The match's questions grouped as the page lists them. */
export function groupedReasons(match: MatchDetail) {
  const byId = new Map(match.questions.map((question) => [question.id, question]))
  const words = (ids: string[]) => ids.map((id) => ({ id, text: reason(byId.get(id)!) }))
  return {
    dealbreakers: words(match.dealbreakers),
    agree: words(match.agree),
    differ: words(match.differ),
  }
}
