import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createListing, createTestApp, injectAs, signUp, validListing, type TestApp, type TestUser } from '../../test/app.ts'

let t: TestApp
let alice: TestUser
let bob: TestUser

beforeAll(async () => {
  t = await createTestApp()
  alice = await signUp(t.app, { name: 'Alice Owner' })
  bob = await signUp(t.app, { name: 'Bob Other' })
})
afterAll(() => t.close())

describe('POST /api/roommate-listings', () => {
  test('creates a listing owned by the caller, with 0 likes, ignoring owner fields from the body', async () => {
    const response = await injectAs(t.app, alice, {
      method: 'POST',
      url: '/api/roommate-listings',
      payload: validListing({ userEmail: bob.email, userName: 'Mallory', likes: 999, rent: '900' }),
    })
    expect(response.statusCode).toBe(201)
    const { success, insertedId } = response.json()
    expect(success).toBe(true)
    const details = await injectAs(t.app, alice, { method: 'GET', url: `/api/roommate-listings/${insertedId}` })
    expect(details.json()).toMatchObject({
      _id: insertedId,
      userEmail: alice.email,
      userName: 'Alice Owner',
      likes: 0,
      rent: 900,
      contact: 'https://facebook.com/nestmate.tester',
      isOwner: true,
      likedByMe: false,
      number: '+1 (503) 555-0100',
    })
  })

  test('answers 401 to anonymous callers', async () => {
    const response = await injectAs(t.app, null, { method: 'POST', url: '/api/roommate-listings', payload: validListing() })
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual({ error: 'Sign in to continue.' })
  })
})
