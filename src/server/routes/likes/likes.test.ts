import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { createListing, injectAs, signUp, type TestUser, useTestApp } from '../../test/app.ts'
import { selectRows, testDatabaseKind } from '../../test/database.ts'
import { detailsAs, MALFORMED_ID, NOT_FOUND, SIGN_IN } from '../listings/test-requests.ts'
import { likeAs } from './test-requests.ts'

const t = useTestApp()

const like = (user: TestUser | null, id: string) => likeAs(t.app, user, id)
const details = (user: TestUser, id: string) => detailsAs(t.app, user, id)

const signUpMany = (count: number) => Promise.all(Array.from({ length: count }, () => signUp(t.app)))

describe('PATCH /api/listings/:id/like', () => {
  test('a like answers the count and the phone number; liking again changes nothing', async () => {
    const [alice, bob, carol] = await signUpMany(3)
    const id = await createListing(t.app, alice!, { number: '+1 (555) 010-2030' })

    // What the details page shows after a like comes with it: the count, the phone and the owner's e-mail.
    const answer = (likes: number) => ({
      likes,
      liked: true,
      number: '+1 (555) 010-2030',
      userEmail: alice!.email,
    })
    const first = await like(bob!, id)
    expect(first.statusCode).toBe(200)
    expect(first.json()).toEqual(answer(1))

    const again = await like(bob!, id)
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(answer(1))

    const third = await like(carol!, id)
    expect(third.json()).toEqual(answer(2))

    expect((await details(bob!, id)).json()).toMatchObject({
      likes: 2,
      likedByMe: true,
      isOwner: false,
      number: '+1 (555) 010-2030',
    })
    expect((await details(alice!, id)).json()).toMatchObject({ likes: 2, likedByMe: false, isOwner: true })
  })

  test('works with an empty JSON object body too', async () => {
    const [alice, bob] = await signUpMany(2)
    const id = await createListing(t.app, alice!)
    const response = await injectAs(t.app, bob!, {
      method: 'PATCH',
      url: `/api/listings/${id}/like`,
      payload: {},
    })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({
      likes: 1,
      liked: true,
      number: '+1 (503) 555-0100',
      userEmail: alice!.email,
    })
  })

  test('a listing without a phone number answers no number', async () => {
    const [alice, bob] = await signUpMany(2)
    const id = await createListing(t.app, alice!, { number: '' })
    const response = await like(bob!, id)
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ likes: 1, liked: true, userEmail: alice!.email })
  })

  test('a like does not change the listing for browsing (updatedAt stays)', async () => {
    const [alice, bob] = await signUpMany(2)
    const id = await createListing(t.app, alice!)
    const before = (await details(alice!, id)).json()
    await like(bob!, id)
    const after = (await details(alice!, id)).json()
    expect(after.updatedAt).toBe(before.updatedAt)
    expect(after.likes).toBe(1)
  })

  test('the owner can still delete a liked listing', async () => {
    const [alice, bob] = await signUpMany(2)
    const id = await createListing(t.app, alice!)
    await like(bob!, id)
    const response = await injectAs(t.app, alice!, { method: 'DELETE', url: `/api/roommate-listings/${id}` })
    expect(response.statusCode).toBe(200)
    expect((await details(bob!, id)).statusCode).toBe(404)
  })

  test('401 for anonymous callers, and the count stays', async () => {
    const alice = await signUp(t.app)
    const id = await createListing(t.app, alice)
    const response = await like(null, id)
    expect(response.statusCode).toBe(401)
    expect(response.json()).toEqual(SIGN_IN)
    expect((await details(alice, id)).json().likes).toBe(0)
  })

  test("403 on one's own listing, with no number leaking and the count unchanged", async () => {
    const alice = await signUp(t.app)
    const id = await createListing(t.app, alice)
    const response = await like(alice, id)
    expect(response.statusCode).toBe(403)
    expect(response.json()).toEqual({ error: "You can't like your own post" })
    expect((await details(alice, id)).json()).toMatchObject({ likes: 0, likedByMe: false })
  })

  test('404 for a well-formed unknown id, and for a deleted listing', async () => {
    const [alice, bob] = await signUpMany(2)
    const unknown = await like(bob!, randomUUID())
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json()).toEqual(NOT_FOUND)

    const id = await createListing(t.app, alice!)
    await injectAs(t.app, alice!, { method: 'DELETE', url: `/api/roommate-listings/${id}` })
    const deleted = await like(bob!, id)
    expect(deleted.statusCode).toBe(404)
    expect(deleted.json()).toEqual(NOT_FOUND)
  })

  test('400 for a malformed id', async () => {
    const bob = await signUp(t.app)
    const response = await like(bob, 'not-a-listing')
    expect(response.statusCode).toBe(400)
    expect(response.json()).toEqual(MALFORMED_ID)
  })

  test('10 different people liking at once count exactly 10', async () => {
    const [owner, ...fans] = await signUpMany(11)
    const id = await createListing(t.app, owner!)
    const answers = await Promise.all(fans.map((fan) => like(fan, id)))
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(10).fill(200))
    const counts = answers.map((answer) => answer.json().likes as number).sort((a, b) => a - b)
    // Each like saw the one before it: no two answers share a count.
    expect(counts).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    expect((await details(owner!, id)).json().likes).toBe(10)
  })

  test('one person liking 5 times at once counts once', async () => {
    const [owner, fan] = await signUpMany(2)
    const id = await createListing(t.app, owner!)
    const answers = await Promise.all(Array.from({ length: 5 }, () => like(fan!, id)))
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(5).fill(200))
    expect(answers.map((answer) => answer.json().likes)).toEqual(Array(5).fill(1))
    expect((await details(owner!, id)).json().likes).toBe(1)
  })
})

// PGlite runs one statement at a time, so only PostgreSQL can run a delete beside a like.
describe.skipIf(testDatabaseKind !== 'postgres')('a listing deleted while a like runs', () => {
  test('the like answers 404, not a 500, and leaves no like behind', async () => {
    const [alice, bob] = await signUpMany(2)
    const id = await createListing(t.app, alice!)
    let pending: ReturnType<typeof like> | undefined
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from listing where id = ${id}`)
      pending = like(bob!, id)
      // Commit the delete only once the like's statement is waiting for the deleted row.
      for (let waited = 0; waited < 10_000; waited += 50) {
        const waiting = await selectRows(
          t.database,
          sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%listing_like%'`,
        )
        if (waiting.length > 0) break
        await sleep(50)
      }
    })
    const response = await pending!
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual(NOT_FOUND)
    const likes = await selectRows(t.database, sql`select 1 from listing_like where listing_id = ${id}`)
    expect(likes).toEqual([])
  })
})
