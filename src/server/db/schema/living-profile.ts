import { bigint, jsonb, pgTable, smallint, text, timestamp } from 'drizzle-orm/pg-core'
import type { LivingProfileAnswers } from '#shared/living-profile.ts'
import { user } from './auth.ts'

// Bit masks over the questionnaire, 4 bits per question (its answers' positions), written beside the answers so
// browse scores a page inside the database (docs/decisions/024). `mode: 'number'`: 8 questions use 32 bits.
const mask = () => bigint({ mode: 'number' }).notNull()

/** A person's living profile: at most one, removed with the account. */
export const livingProfile = pgTable('living_profile', {
  userId: text()
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  version: smallint().notNull(),
  answers: jsonb().$type<LivingProfileAnswers>().notNull(),
  interests: text().array().notNull(),
  /** One bit per answered question: the position of the person's own answer. */
  answerBits: mask(),
  /** The positions of every answer the person accepts. */
  acceptedBits: mask(),
  /** All 4 bits of each answered question, whatever its importance. */
  answeredBits: mask(),
  /** All 4 bits of each question of that weight (1, 10, 50, 250); weight 0 is in none. */
  weight1Bits: mask(),
  weight10Bits: mask(),
  weight50Bits: mask(),
  weight250Bits: mask(),
  /** One bit per interest, at its position in the list. */
  interestBits: mask(),
  updatedAt: timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
})
