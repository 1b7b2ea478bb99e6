import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { injectAs, signUp, signUpVerified, useTestApp, type TestUser } from '../../test/app.ts'
import { selectRows } from '../../test/database.ts'
import { createReferencesRepository } from '../references/references-repository.ts'
import { movedInTogether, reviewAs } from './test-requests.ts'

const MODERATOR = 'review-moderator@example.com'
const t = useTestApp({ ADMIN_EMAILS: MODERATOR })

const report = (user: TestUser, targetKind: string, targetId: string) =>
  injectAs(t.app, user, {
    method: 'POST',
    url: '/api/reports',
    payload: { targetKind, targetId, reason: 'offensive' },
  })
const moderate = (user: TestUser, path: string) =>
  injectAs(t.app, user, {
    method: 'POST',
    url: `/api/moderation/${path}`,
    payload: { reason: 'Abusive words' },
  })
const profile = async (viewer: TestUser, person: TestUser) =>
  (await injectAs(t.app, viewer, { method: 'GET', url: `/api/people/${person.id}` })).json()

let moderatorUser: TestUser | undefined
const theModerator = async () => (moderatorUser ??= await signUpVerified(t, { email: MODERATOR }))

/** A published review of the poster by the seeker (both wrote theirs). */
async function publishedReview() {
  const between = await movedInTogether(t)
  const reviewId = (await reviewAs(t.app, between.seeker, between.id, { text: 'Rude.' })).json()._id as string
  await reviewAs(t.app, between.poster, between.id)
  return { ...between, reviewId }
}

test('a shown review is reported by anyone but its author; a moderator hides it from the profile', async () => {
  const { poster, seeker, reviewId } = await publishedReview()
  const viewer = await signUp(t.app)
  expect((await report(seeker, 'review', reviewId)).json()).toEqual({
    error: "You can't report your own review.",
  })
  expect((await report(viewer, 'review', '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
  // The person reviewed may report it: they can't hide it themselves.
  expect((await report(poster, 'review', reviewId)).statusCode).toBe(201)

  const moderator = await theModerator()
  const queue = (await injectAs(t.app, moderator, { method: 'GET', url: '/api/moderation/queue' })).json()
  expect(queue.entries).toContainEqual(
    expect.objectContaining({
      targetKind: 'review',
      targetId: reviewId,
      target: expect.objectContaining({ kind: 'review', text: 'Rude.', hidden: false, reply: null }),
    }),
  )
  expect((await moderate(viewer, `reviews/${reviewId}/hide`)).statusCode).toBe(403)
  expect((await moderate(moderator, `reviews/${reviewId}/hide`)).json()).toEqual({ hidden: true })
  expect((await profile(viewer, poster)).reviews).toEqual({ count: 0, average: null, items: [] })
  expect((await report(viewer, 'review', reviewId)).statusCode).toBe(404)
  expect((await moderate(moderator, `reviews/${reviewId}/unhide`)).json()).toEqual({ hidden: false })
  expect((await profile(viewer, poster)).reviews.count).toBe(1)
  expect((await moderate(moderator, 'reviews/00000000-0000-4000-8000-000000000000/hide')).statusCode).toBe(
    404,
  )
})

test('a reference is reported by anyone but its subject; a moderator hides it whatever its subject chooses', async () => {
  const subject = await signUpVerified(t)
  const asked = await createReferencesRepository(t.database.db).request(subject.id, {
    refereeEmail: 'kit@example.com',
    refereeName: 'Kit',
    relationship: 'flatmate',
  })
  if (typeof asked === 'string') throw new Error(asked)
  await injectAs(t.app, null, {
    method: 'POST',
    url: `/api/references/${asked.token}`,
    payload: {
      relationship: 'flatmate',
      from: '2023-01',
      to: '2024-01',
      tidy: 5,
      bills: 5,
      considerate: 5,
      communication: 5,
    },
  })
  const [row] = await selectRows<{ id: string }>(
    t.database,
    sql`select id from reference where subject_id = ${subject.id}`,
  )
  const referenceId = row!.id
  const viewer = await signUp(t.app)
  expect((await report(subject, 'reference', referenceId)).statusCode).toBe(400)
  expect((await report(viewer, 'reference', referenceId)).statusCode).toBe(201)

  const moderator = await theModerator()
  expect((await moderate(moderator, `references/${referenceId}/hide`)).json()).toEqual({ hidden: true })
  expect((await profile(viewer, subject)).references).toEqual({ count: 0, items: [] })
  // Its subject showing it again changes nothing while a moderator hides it.
  await injectAs(t.app, subject, {
    method: 'PATCH',
    url: `/api/references/${referenceId}`,
    payload: { hidden: false },
  })
  expect((await profile(viewer, subject)).references.count).toBe(0)
  const mine = (await injectAs(t.app, subject, { method: 'GET', url: '/api/references/mine' })).json()
  expect(mine.references[0].hidden).toBe(true)
  expect((await moderate(moderator, `references/${referenceId}/unhide`)).json()).toEqual({ hidden: false })
  expect((await profile(viewer, subject)).references.count).toBe(1)
  const log = (await injectAs(t.app, moderator, { method: 'GET', url: '/api/moderation/actions' })).json()
  expect(log.actions[0]).toMatchObject({ action: 'unhide', targetKind: 'reference', targetName: 'Kit' })
})
