import type { LivingProfileInput } from '#shared/living-profile.ts'
import type { App } from '../../app.ts'
import { injectAs, type TestUser } from '../../test/app.ts'

// Profiles and calls the living-profile tests share (tests only).

/** An early, tidy, quiet non-smoker who minds smoking a lot. */
export const EARLY_BIRD: LivingProfileInput = {
  answers: {
    bedtime: { answer: 'early', accepted: ['early', 'late'], importance: 'very' },
    tidiness: { answer: 'spotless', accepted: ['spotless', 'tidy'], importance: 'somewhat' },
    liveliness: { answer: 'quiet', accepted: ['quiet'], importance: 'very' },
    smoking: { answer: 'no', accepted: ['no'], importance: 'dealbreaker' },
  },
  interests: ['cooking', 'hiking', 'reading'],
}

/** A late, tidy-enough, lively smoker. */
export const NIGHT_OWL: LivingProfileInput = {
  answers: {
    bedtime: { answer: 'night_owl', accepted: ['late', 'night_owl'], importance: 'somewhat' },
    tidiness: { answer: 'tidy', accepted: ['spotless', 'tidy', 'relaxed'], importance: 'a_little' },
    liveliness: { answer: 'lively', accepted: ['some', 'lively'], importance: 'very' },
    smoking: { answer: 'outside', accepted: ['no', 'outside'], importance: 'somewhat' },
  },
  interests: ['gaming', 'cooking'],
}

export const putProfile = (app: App, user: TestUser | null, payload: unknown) =>
  injectAs(app, user, { method: 'PUT', url: '/api/living-profile', payload: payload as object })

export const getProfile = (app: App, user: TestUser | null) =>
  injectAs(app, user, { method: 'GET', url: '/api/living-profile' })
