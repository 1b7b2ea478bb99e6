import { expect, test } from 'vitest'
import type { MatchQuestion } from '#shared/match.ts'
import { groupedReasons, weights } from './match-reasons.ts'

const question = (overrides: Partial<MatchQuestion>): MatchQuestion => ({
  id: 'smoking',
  theirs: 'inside',
  yours: 'no',
  youMind: null,
  theyMind: null,
  ...overrides,
})

test('a difference weighs, in words, on each side whose wish it misses', () => {
  expect(weights(question({ youMind: 'somewhat', theyMind: 'very' }))).toEqual([
    { side: 'you', text: 'matters somewhat' },
    { side: 'them', text: 'matters very much' },
  ])
  expect(weights(question({ theyMind: 'a_little' }))).toEqual([{ side: 'them', text: 'matters a little' }])
  expect(weights(question({ youMind: 'irrelevant' }))).toEqual([{ side: 'you', text: 'doesn’t matter' }])
  // An agreement weighs on no one.
  expect(weights(question({ theirs: 'no' }))).toEqual([])
})

test('the reasons keep the match’s groups and order, each with its weights', () => {
  const grouped = groupedReasons({
    score: 42,
    agree: ['bedtime'],
    differ: ['smoking', 'tidiness'],
    dealbreakers: ['pets'],
    sharedInterests: [],
    shares: { yours: 25, theirs: 70 },
    questions: [
      question({ id: 'bedtime', theirs: 'early', yours: 'early' }),
      question({ id: 'tidiness', theirs: 'relaxed', yours: 'spotless', youMind: 'somewhat' }),
      question({ youMind: 'somewhat', theyMind: 'very' }),
      question({ id: 'pets', theirs: 'small', yours: 'none', youMind: 'dealbreaker' }),
    ],
  })
  expect(grouped.differ.map((reason) => [reason.id, reason.weights.map((weight) => weight.side)])).toEqual([
    ['smoking', ['you', 'them']],
    ['tidiness', ['you']],
  ])
  expect(grouped.agree).toEqual([{ id: 'bedtime', text: expect.stringContaining('like you'), weights: [] }])
  expect(grouped.dealbreakers[0]!.text).toContain('which you said is a dealbreaker')
  expect(grouped.dealbreakers[0]!.weights).toEqual([{ side: 'you', text: 'a dealbreaker' }])
})
