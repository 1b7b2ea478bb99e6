import { INTERESTS, QUESTIONS, type Importance, type LivingProfileAnswers } from '#shared/living-profile.ts'

// Demo posters' living profiles: varied but fixed, so a newcomer who fills a profile sees a spread of scores.
// Most questions matter somewhat or very; every fifth person has one dealbreaker.

const USUAL: Importance[] = ['somewhat', 'very', 'a_little', 'somewhat', 'irrelevant', 'very']

/** Person `i`'s answers: each question answered, accepting their own answer and its neighbours. */
export function demoProfile(i: number): { answers: LivingProfileAnswers; interests: string[] } {
  const answers: LivingProfileAnswers = {}
  QUESTIONS.forEach((question, q) => {
    const count = question.answers.length
    const own = (i * 3 + q * 2) % count
    const accepted = question.answers
      .filter((_, a) => Math.abs(a - own) <= (q % 3 === 0 ? 0 : 1))
      .map((answer) => answer.id)
    const importance =
      i % 5 === 4 && q === i % QUESTIONS.length ? 'dealbreaker' : USUAL[(i + q) % USUAL.length]!
    answers[question.id] = { answer: question.answers[own]!.id, accepted, importance }
  })
  const interests = [0, 1, 2, 3, 4].map((k) => INTERESTS[(i * 7 + k * 5) % INTERESTS.length]!)
  return { answers, interests: [...new Set(interests)] }
}
