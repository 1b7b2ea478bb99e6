import { INTERESTS, QUESTIONS, type LivingProfileAnswers } from '#shared/living-profile.ts'

/** A profile's bit masks, as the living_profile table stores them and browse's score reads them. */
export type ProfileCodes = {
  answerBits: number
  acceptedBits: number
  answeredBits: number
  weight1Bits: number
  weight10Bits: number
  weight50Bits: number
  weight250Bits: number
  interestBits: number
}

const WEIGHT_COLUMN = {
  a_little: 'weight1Bits',
  somewhat: 'weight10Bits',
  very: 'weight50Bits',
  dealbreaker: 'weight250Bits',
} as const

// Question q owns bits 4q … 4q+3, one per answer in the questionnaire's order. Multiplying instead of shifting:
// JavaScript's << works on 32 bits and the masks go past them once a ninth question is added.
const bit = (question: number, answer: number) => 2 ** (question * 4 + answer)
const nibble = (question: number) => 15 * 2 ** (question * 4)

/** The codes of no answers at all: every score against them is null (no question in common). */
export const NO_ANSWERS: Readonly<ProfileCodes> = {
  answerBits: 0,
  acceptedBits: 0,
  answeredBits: 0,
  weight1Bits: 0,
  weight10Bits: 0,
  weight50Bits: 0,
  weight250Bits: 0,
  interestBits: 0,
}

/** Encodes answers the schema has checked (every id known). */
export function encodeProfile(answers: LivingProfileAnswers, interests: readonly string[]): ProfileCodes {
  const codes: ProfileCodes = { ...NO_ANSWERS }
  QUESTIONS.forEach((question, q) => {
    const entry = answers[question.id]
    if (!entry) return
    const position = (id: string) => question.answers.findIndex((answer) => answer.id === id)
    codes.answerBits += bit(q, position(entry.answer))
    for (const accepted of entry.accepted) codes.acceptedBits += bit(q, position(accepted))
    codes.answeredBits += nibble(q)
    if (entry.importance !== 'irrelevant') codes[WEIGHT_COLUMN[entry.importance]] += nibble(q)
  })
  for (const tag of interests) codes.interestBits += 2 ** INTERESTS.indexOf(tag as (typeof INTERESTS)[number])
  return codes
}
