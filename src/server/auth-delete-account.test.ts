import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { EARLY_BIRD, putProfile } from './routes/living-profile/test-profiles.ts'
import { likeAs } from './routes/likes/test-requests.ts'
import { useMailedApp, sessionUser, signIn, signUpAndReadMail } from './test/accounts.ts'
import { BASE_URL, createListing, injectAs, type TestUser } from './test/app.ts'
import { selectRows } from './test/database.ts'

const t = useMailedApp()

const deleteAccount = (cookie: string, payload: object) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/delete-user',
    headers: { origin: BASE_URL, cookie },
    payload,
  })
const details = (reader: TestUser, id: string) =>
  injectAs(t.app, reader, { method: 'GET', url: `/api/roommate-listings/${id}` })

describe('delete my account', () => {
  test('needs the password, then removes listings, likes, living profile, sessions and accounts, keeping counts true', async () => {
    const { person: leaving } = await signUpAndReadMail(t)
    const { person: neighbour } = await signUpAndReadMail(t)
    const ownA = await createListing(t.app, leaving, { title: 'Leaving A' })
    const ownB = await createListing(t.app, leaving, { title: 'Leaving B' })
    const theirs = await createListing(t.app, neighbour, { title: 'Staying' })
    expect((await likeAs(t.app, leaving, theirs)).json()).toMatchObject({ likes: 1 })
    expect((await likeAs(t.app, neighbour, ownA)).statusCode).toBe(200)
    expect((await putProfile(t.app, leaving, EARLY_BIRD)).statusCode).toBe(200)
    const before = (await details(neighbour, theirs)).json()
    const phone = await signIn(t.app, leaving.email, leaving.password)

    const noPassword = await deleteAccount(leaving.cookie, {})
    expect([noPassword.statusCode, noPassword.json().error]).toEqual([400, 'Enter your password.'])
    const wrong = await deleteAccount(leaving.cookie, { password: 'Not-the-one-1' })
    expect([wrong.statusCode, wrong.json().error]).toEqual([400, 'Invalid password'])
    expect((await sessionUser(t.app, leaving.cookie))?.email).toBe(leaving.email)

    const deleted = await deleteAccount(leaving.cookie, { password: leaving.password })
    expect([deleted.statusCode, deleted.json()]).toEqual([200, { success: true, message: 'User deleted' }])

    // Their like is gone from the neighbour's listing, whose edit time stays as it was.
    const after = (await details(neighbour, theirs)).json()
    expect(after).toMatchObject({ likes: 0, updatedAt: before.updatedAt })
    for (const id of [ownA, ownB]) expect((await details(neighbour, id)).statusCode).toBe(404)
    expect(await sessionUser(t.app, leaving.cookie)).toBeNull()
    expect(await sessionUser(t.app, phone)).toBeNull()
    await expect(signIn(t.app, leaving.email, leaving.password)).rejects.toThrow(/401/)
    const rows = await selectRows<Record<string, number>>(
      t.database,
      sql`select (select count(*)::int from "user" where id = ${leaving.id}) as users,
        (select count(*)::int from session where user_id = ${leaving.id}) as sessions,
        (select count(*)::int from account where user_id = ${leaving.id}) as accounts,
        (select count(*)::int from listing where owner_id = ${leaving.id}) as listings,
        (select count(*)::int from listing_like where user_id = ${leaving.id}) as likes,
        (select count(*)::int from living_profile where user_id = ${leaving.id}) as profiles`,
    )
    expect(rows).toEqual([{ users: 0, sessions: 0, accounts: 0, listings: 0, likes: 0, profiles: 0 }])
    // The neighbour is untouched.
    expect((await sessionUser(t.app, neighbour.cookie))?.email).toBe(neighbour.email)
  })

  test('the address is free again: a new sign-up with it starts from nothing', async () => {
    const { person } = await signUpAndReadMail(t)
    await createListing(t.app, person)
    expect((await deleteAccount(person.cookie, { password: person.password })).statusCode).toBe(200)
    const { person: again } = await signUpAndReadMail(t, { email: person.email })
    const mine = await injectAs(t.app, again, { method: 'GET', url: '/api/my-listings' })
    expect(mine.json()).toEqual([])
  })

  test('signed out, nothing is deleted', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/delete-user',
      headers: { origin: BASE_URL },
      payload: { password: 'Nestmate1' },
    })
    expect(response.statusCode).toBe(401)
  })
})
