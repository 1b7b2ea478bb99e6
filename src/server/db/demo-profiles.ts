import { INTERESTS, QUESTIONS, type Importance, type LivingProfileAnswers } from '#shared/living-profile.ts'
import { QUESTIONNAIRE_VERSION } from '#shared/questionnaire.ts'
import { encodeProfile } from './profile-codes.ts'

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

/** What a demo poster's listings say about their home: the same on each of their listings. */
export type DemoHousehold = { lifestyle: string; smokingAllowed: boolean; petsAllowed: boolean | null }

type Override = [questionId: string, answer: string, accepted: string[]]

// A lifestyle's words, and the answers they commit the poster to.
const LIFESTYLE_ANSWERS: [RegExp, Override][] = [
  [/early riser/i, ['bedtime', 'early', ['early', 'late']]],
  [/night owl/i, ['bedtime', 'night_owl', ['late', 'night_owl']]],
  [/quiet|calm/i, ['liveliness', 'quiet', ['quiet', 'some']]],
  [/works from home|remote worker/i, ['home_working', 'every_day', ['rarely', 'some_days', 'every_day']]],
  [/tidy/i, ['tidiness', 'tidy', ['spotless', 'tidy']]],
  [/occasional guests/i, ['guests', 'monthly', ['rarely', 'monthly', 'weekly']]],
  [/board games on fridays/i, ['guests', 'weekly', ['monthly', 'weekly']]],
  [/shares groceries/i, ['sharing', 'most', ['basics', 'most']]],
  [/loves cooking/i, ['sharing', 'basics', ['basics', 'most']]],
  [/cat-friendly/i, ['pets', 'cat_dog', ['none', 'small', 'cat_dog']]],
]

/**
 * A demo poster's living profile: person `i`'s varied answers (demoProfile), with every answer their listings speak
 * to taken from them, so the match never says "They smoke indoors too" beside "Smoking allowed: No".
 */
export function demoPosterProfile(i: number, household: DemoHousehold) {
  const { answers, interests } = demoProfile(i)
  const overrides: Override[] = [
    household.smokingAllowed
      ? ['smoking', 'outside', ['no', 'outside', 'inside']]
      : ['smoking', 'no', ['no', 'outside']],
    ...(household.petsAllowed === false ? [['pets', 'none', ['none']] as Override] : []),
    ...(household.petsAllowed === true ? [['pets', 'small', ['none', 'small', 'cat_dog']] as Override] : []),
    ...LIFESTYLE_ANSWERS.filter(([words]) => words.test(household.lifestyle)).map(([, override]) => override),
  ]
  for (const [id, answer, accepted] of overrides) answers[id] = { ...answers[id]!, answer, accepted }
  return { answers, interests }
}

/** A demo person's living_profile row, answers and masks together; a poster's agrees with their `household`. */
export function demoProfileRow(userId: string, i: number, household?: DemoHousehold) {
  const { answers, interests } = household ? demoPosterProfile(i, household) : demoProfile(i)
  return { userId, version: QUESTIONNAIRE_VERSION, answers, interests, ...encodeProfile(answers, interests) }
}
