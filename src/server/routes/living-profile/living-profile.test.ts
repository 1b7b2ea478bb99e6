import { describe, expect, test } from 'vitest'
import { signUp, useTestApp, injectAs } from '../../test/app.ts'
import { EARLY_BIRD, getProfile, putProfile } from './test-profiles.ts'

const t = useTestApp()

describe('living profile', () => {
  test('is saved, read back, replaced and removed, by its owner only, never cached', async () => {
    const me = await signUp(t.app)
    const missing = await getProfile(t.app, me)
    expect([missing.statusCode, missing.json()]).toEqual([404, { error: 'You have no living profile yet.' }])

    const saved = await putProfile(t.app, me, EARLY_BIRD)
    expect(saved.statusCode).toBe(200)
    expect(saved.headers['cache-control']).toBe('no-store')
    expect(saved.json()).toMatchObject({ version: 1, ...EARLY_BIRD, updatedAt: expect.any(String) })

    const read = await getProfile(t.app, me)
    expect(read.headers['cache-control']).toBe('no-store')
    expect(read.json()).toEqual(saved.json())

    const pets = { answer: 'none', accepted: ['none'], importance: 'a_little' }
    const replaced = await putProfile(t.app, me, { answers: { pets } })
    expect(replaced.json()).toMatchObject({ answers: { pets: { answer: 'none' } }, interests: [] })
    expect(Object.keys(replaced.json().answers)).toEqual(['pets'])

    // Someone else sees only their own (none).
    expect((await getProfile(t.app, await signUp(t.app))).statusCode).toBe(404)

    const removed = await injectAs(t.app, me, { method: 'DELETE', url: '/api/living-profile' })
    expect([removed.statusCode, removed.json()]).toEqual([200, { message: 'Living profile removed.' }])
    expect((await getProfile(t.app, me)).statusCode).toBe(404)
    const again = await injectAs(t.app, me, { method: 'DELETE', url: '/api/living-profile' })
    expect(again.statusCode).toBe(404)
  })

  test.each([
    [
      'an unknown question',
      { answers: { noise: { answer: 'quiet', accepted: ['quiet'], importance: 'very' } } },
      'Unknown question "noise": use one of bedtime, tidiness, liveliness, guests, smoking, pets, home_working, sharing.',
    ],
    [
      'an unknown answer',
      { answers: { bedtime: { answer: 'noon', accepted: ['early'], importance: 'very' } } },
      '"noon" is not an answer to bedtime: use one of early, late, night_owl.',
    ],
    [
      'an unknown accepted answer',
      { answers: { bedtime: { answer: 'early', accepted: ['early', 'dawn'], importance: 'very' } } },
      '"dawn" is not an answer to bedtime: use one of early, late, night_owl.',
    ],
    [
      'an importance outside the five',
      { answers: { bedtime: { answer: 'early', accepted: ['early'], importance: 'extremely' } } },
      'importance must be one of irrelevant, a_little, somewhat, very, dealbreaker.',
    ],
    [
      'nothing accepted',
      { answers: { bedtime: { answer: 'early', accepted: [], importance: 'very' } } },
      'Accept at least one answer (your own, say).',
    ],
    [
      'an unknown interest',
      { answers: {}, interests: ['knitting'] },
      'Unknown interest: pick interests from the list.',
    ],
    [
      'too many interests',
      {
        answers: {},
        interests: ['cooking', 'baking', 'hiking', 'running', 'cycling', 'climbing', 'yoga', 'gym', 'music'],
      },
      'Pick at most 8 interests.',
    ],
    ['no answers object', { interests: [] }, 'answers must be an object keyed by question id.'],
  ])('refuses %s with a 400 that says what to fix, saving nothing', async (_, payload, message) => {
    const me = await signUp(t.app)
    await putProfile(t.app, me, EARLY_BIRD)
    const refused = await putProfile(t.app, me, payload)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().error).toBe(message)
    expect((await getProfile(t.app, me)).json()).toMatchObject(EARLY_BIRD)
  })

  test('anonymous callers must sign in', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const response = await injectAs(t.app, null, {
        method,
        url: '/api/living-profile',
        payload: EARLY_BIRD,
      })
      expect([response.statusCode, response.json()]).toEqual([401, { error: 'Sign in to continue.' }])
    }
  })
})
