import { describe, expect, test } from 'vitest'
import { compareProfiles, type Profile } from './match.ts'
import type { Importance } from './questionnaire.ts'

type Entry = [answer: string, accepted: string[], importance: Importance]
const profile = (answers: Record<string, Entry>, interests: string[] = []): Profile => ({
  answers: Object.fromEntries(
    Object.entries(answers).map(([id, [answer, accepted, importance]]) => [
      id,
      { answer, accepted, importance },
    ]),
  ),
  interests,
})

describe('compareProfiles', () => {
  test('two people who accept each other everywhere match 100 %', () => {
    const both = profile({
      bedtime: ['early', ['early'], 'very'],
      smoking: ['no', ['no'], 'dealbreaker'],
      tidiness: ['tidy', ['tidy', 'spotless'], 'somewhat'],
    })
    const match = compareProfiles(both, both)
    expect(match).toMatchObject({ score: 100, agree: ['bedtime', 'tidiness', 'smoking'], differ: [] })
    expect(match.dealbreakers).toEqual([])
  })

  test('the score is the geometric mean of both satisfactions: a met wish weighs 10, a missed one its importance', () => {
    // Viewer: bedtime met (10), tidiness (somewhat, 10) missed, guests met (10) → sat(V→P) = 20/30.
    // Poster: bedtime met (10), tidiness met (10), guests (dealbreaker, 250) missed → sat(P→V) = 20/270.
    const viewer = profile({
      bedtime: ['late', ['late', 'night_owl'], 'very'],
      tidiness: ['spotless', ['spotless'], 'somewhat'],
      guests: ['rarely', ['rarely', 'monthly'], 'a_little'],
    })
    const poster = profile({
      bedtime: ['night_owl', ['late'], 'somewhat'],
      tidiness: ['relaxed', ['spotless', 'tidy', 'relaxed'], 'a_little'],
      guests: ['monthly', ['daily'], 'dealbreaker'],
    })
    const expected = Math.round(100 * Math.sqrt((20 / 30) * (20 / 270)))
    const match = compareProfiles(viewer, poster)
    expect(match.score).toBe(expected)
    expect(match.score).toBe(22)
    expect(match.agree).toEqual(['bedtime'])
    expect(match.differ).toEqual(['tidiness'])
    expect(match.dealbreakers).toEqual(['guests'])
    // Each difference says how much it matters to the side it misses, and nothing of a wish that is met.
    expect(match.questions).toEqual([
      { id: 'bedtime', theirs: 'night_owl', yours: 'late', youMind: null, theyMind: null },
      { id: 'tidiness', theirs: 'relaxed', yours: 'spotless', youMind: 'somewhat', theyMind: null },
      { id: 'guests', theirs: 'monthly', yours: 'rarely', youMind: null, theyMind: 'dealbreaker' },
    ])
    expect(match.shares).toEqual({ yours: Math.round((100 * 20) / 30), theirs: Math.round((100 * 20) / 270) })
  })

  test('fewer than 3 questions in common: no score, but the reasons are still given', () => {
    const viewer = profile({
      bedtime: ['early', ['early'], 'very'],
      smoking: ['no', ['no'], 'very'],
      pets: ['none', ['none'], 'very'],
    })
    const poster = profile({
      bedtime: ['early', ['early'], 'very'],
      smoking: ['outside', ['no', 'outside'], 'a_little'],
    })
    const match = compareProfiles(viewer, poster)
    expect(match.score).toBeNull()
    expect(match.shares).toBeNull()
    expect(match.agree).toEqual(['bedtime'])
    expect(match.differ).toEqual(['smoking'])
  })

  test('a dealbreaker on my side is reported as mine, and on both sides as both', () => {
    const viewer = profile({
      bedtime: ['early', ['early'], 'a_little'],
      smoking: ['no', ['no'], 'dealbreaker'],
      pets: ['none', ['none'], 'dealbreaker'],
    })
    const poster = profile({
      bedtime: ['early', ['early'], 'a_little'],
      smoking: ['inside', ['inside'], 'somewhat'],
      pets: ['cat_dog', ['cat_dog'], 'dealbreaker'],
    })
    const match = compareProfiles(viewer, poster)
    expect(match.dealbreakers).toEqual(['smoking', 'pets'])
    expect(match.questions.map((q) => [q.youMind, q.theyMind])).toEqual([
      [null, null],
      ['dealbreaker', 'somewhat'],
      ['dealbreaker', 'dealbreaker'],
    ])
    // sat(V→P) = 10/510, sat(P→V) = 10/270.
    expect(match.score).toBe(Math.round(100 * Math.sqrt((10 / 510) * (10 / 270))))
  })

  test('questions irrelevant to someone count as met for them; shared interests are listed', () => {
    const viewer = profile(
      {
        bedtime: ['early', ['early'], 'irrelevant'],
        smoking: ['no', ['no'], 'irrelevant'],
        pets: ['none', ['none'], 'irrelevant'],
      },
      ['cooking', 'hiking', 'music'],
    )
    const poster = profile(
      {
        bedtime: ['night_owl', ['early'], 'very'],
        smoking: ['inside', ['no'], 'very'],
        pets: ['cat_dog', ['none'], 'very'],
      },
      ['music', 'cooking', 'films'],
    )
    const match = compareProfiles(viewer, poster)
    expect(match.score).toBe(100)
    expect(match.sharedInterests).toEqual(['cooking', 'music'])
  })

  test('differences come heaviest first: what they cost both sides together', () => {
    const viewer = profile({
      bedtime: ['early', ['early'], 'a_little'],
      tidiness: ['spotless', ['spotless'], 'very'],
      liveliness: ['quiet', ['quiet'], 'somewhat'],
      guests: ['rarely', ['rarely'], 'a_little'],
    })
    const poster = profile({
      bedtime: ['late', ['late'], 'somewhat'],
      tidiness: ['relaxed', ['relaxed', 'spotless'], 'dealbreaker'],
      liveliness: ['lively', ['lively'], 'very'],
      guests: ['weekly', ['weekly', 'rarely'], 'very'],
    })
    const match = compareProfiles(viewer, poster)
    // liveliness costs 10 + 50, tidiness 50 (their dealbreaker is met), bedtime 1 + 10, guests 1.
    expect(match.differ).toEqual(['liveliness', 'tidiness', 'bedtime', 'guests'])
    expect(match.dealbreakers).toEqual([])
  })

  test('how much a met wish matters to the poster changes nothing the viewer sees', () => {
    const viewer = profile({
      bedtime: ['early', ['early', 'late'], 'somewhat'],
      guests: ['rarely', ['rarely'], 'very'],
      smoking: ['no', ['no'], 'dealbreaker'],
    })
    const poster = (guests: Importance) =>
      profile({
        bedtime: ['late', ['late'], 'very'],
        guests: ['rarely', ['rarely', 'monthly'], guests],
        smoking: ['no', ['no'], 'a_little'],
      })
    const seen = (['irrelevant', 'a_little', 'somewhat', 'very', 'dealbreaker'] as const).map((importance) =>
      compareProfiles(viewer, poster(importance)),
    )
    for (const match of seen) expect(match).toEqual(seen[0])
    // Their missed bedtime wish (very, 50) against two met ones (10 each): 20/70 of theirs is met.
    expect(seen[0]!.shares).toEqual({ yours: 100, theirs: Math.round((100 * 20) / 70) })
  })
})
