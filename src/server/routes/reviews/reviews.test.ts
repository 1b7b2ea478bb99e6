import { expect, test } from 'vitest'
import { PersonProfileSchema } from '#shared/people.ts'
import { injectAs, signUp, useTestApp, type TestUser } from '../../test/app.ts'
import { conversationBetween, headerAs, messagesAs } from '../conversations/test-requests.ts'
import { reviewSummary } from '../../reviews/public-reviews.ts'
import { daysPass, movedInAs, movedInTogether, RATINGS, replyAs, reviewAs } from './test-requests.ts'

const t = useTestApp()
const profileOf = async (viewer: TestUser, person: TestUser) =>
  PersonProfileSchema.parse(
    (await injectAs(t.app, viewer, { method: 'GET', url: `/api/people/${person.id}` })).json(),
  ).reviews
const refusal = (response: { statusCode: number; json: () => unknown }) => [
  response.statusCode,
  response.json(),
]

test('the person contacted marks the move-in, the other confirms: each step once, in turn, as an event', async () => {
  const { poster, seeker, id } = await conversationBetween(t)
  const stranger = await signUp(t.app)
  expect((await headerAs(t.app, seeker, id)).json()).toMatchObject({ movedIn: 'no', canReview: false })
  expect(refusal(await movedInAs(t.app, seeker, id))).toEqual([
    403,
    { error: 'Only the person who was contacted can say you moved in.' },
  ])
  expect(refusal(await movedInAs(t.app, seeker, id, true))).toEqual([
    409,
    { error: 'Nothing to confirm: the move-in has not been marked.' },
  ])
  expect((await movedInAs(t.app, stranger, id)).statusCode).toBe(403)
  expect((await movedInAs(t.app, null, id)).statusCode).toBe(401)

  const marked = await movedInAs(t.app, poster, id)
  expect([marked.statusCode, marked.json().movedIn]).toEqual([200, 'marked'])
  expect((await movedInAs(t.app, poster, id)).statusCode).toBe(409)
  expect(refusal(await movedInAs(t.app, poster, id, true))).toEqual([
    403,
    { error: 'Only the person who started the conversation can confirm the move-in.' },
  ])
  const confirmed = await movedInAs(t.app, seeker, id, true)
  expect(confirmed.json()).toMatchObject({ movedIn: 'confirmed', canReview: true, reviewedByMe: false })
  expect((await movedInAs(t.app, seeker, id, true)).statusCode).toBe(409)
  const events = (await messagesAs(t.app, poster, id))
    .json()
    .messages.filter((message: { kind: string }) => message.kind === 'event')
  expect(events.map((event: { event: { type: string } }) => event.event.type)).toEqual([
    'moved_in',
    'moved_in_confirmed',
  ])
})

test('a review needs a confirmed move-in between the two, and is written once per person', async () => {
  const { poster, seeker, id } = await conversationBetween(t)
  const stranger = await signUp(t.app)
  expect(refusal(await reviewAs(t.app, seeker, id))).toEqual([
    403,
    { error: 'You can review each other once you both said you moved in together.' },
  ])
  await movedInAs(t.app, poster, id)
  expect((await reviewAs(t.app, poster, id)).statusCode).toBe(403)
  await movedInAs(t.app, seeker, id, true)
  expect(refusal(await reviewAs(t.app, stranger, id))).toEqual([
    403,
    { error: 'This conversation is between two other people.' },
  ])
  expect((await reviewAs(t.app, seeker, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404)
  expect((await reviewAs(t.app, seeker, id, { tidy: 6 })).statusCode).toBe(400)
  expect((await reviewAs(t.app, seeker, id, { text: 'x'.repeat(1001) })).statusCode).toBe(400)

  const written = await reviewAs(t.app, seeker, id)
  expect([written.statusCode, written.json()]).toEqual([201, { _id: expect.any(String), published: false }])
  expect(refusal(await reviewAs(t.app, seeker, id))).toEqual([
    409,
    { error: 'You have reviewed this move-in already.' },
  ])
  expect((await headerAs(t.app, seeker, id)).json()).toMatchObject({ canReview: false, reviewedByMe: true })
  expect((await headerAs(t.app, poster, id)).json()).toMatchObject({ canReview: true, reviewedByMe: false })
})

test('double-blind: hidden until both are written, then both shown; the reviewed person replies once', async () => {
  const { poster, seeker, id } = await movedInTogether(t)
  const viewer = await signUp(t.app)
  const first = (await reviewAs(t.app, seeker, id, { text: 'Great landlord.' })).json()._id
  // Nobody sees the first review, not even the person it is about, so theirs can't answer it.
  expect((await profileOf(viewer, poster)).count).toBe(0)
  expect((await profileOf(poster, poster)).items).toEqual([])
  expect((await replyAs(t.app, poster, first, 'Thanks!')).statusCode).toBe(404)

  const second = await reviewAs(t.app, poster, id, { ...RATINGS, tidy: 3, text: 'Paid on time.' })
  expect(second.json().published).toBe(true)
  const aboutPoster = await profileOf(viewer, poster)
  expect(aboutPoster).toEqual({
    count: 1,
    average: { tidy: 5, bills: 4, considerate: 5, communication: 4 },
    items: [
      {
        _id: first,
        authorName: seeker.name,
        ...RATINGS,
        text: 'Great landlord.',
        reply: null,
        createdAt: expect.any(String),
      },
    ],
  })
  expect((await profileOf(viewer, seeker)).average).toEqual({ ...RATINGS, tidy: 3 })

  expect(refusal(await replyAs(t.app, seeker, first, 'Mine?'))).toEqual([404, { error: 'Review not found.' }])
  expect((await replyAs(t.app, poster, first, 'x'.repeat(501))).statusCode).toBe(400)
  expect(refusal(await replyAs(t.app, poster, first, 'Thank you, Sam.'))).toEqual([
    201,
    { reply: 'Thank you, Sam.' },
  ])
  expect(refusal(await replyAs(t.app, poster, first, 'Again'))).toEqual([
    409,
    { error: 'You have replied to this review already.' },
  ])
  expect((await profileOf(viewer, poster)).items[0]!.reply).toBe('Thank you, Sam.')
  expect(await reviewSummary(t.database.db, poster.id)).toEqual({
    count: 1,
    average: { tidy: 5, bills: 4, considerate: 5, communication: 4 },
    overall: 4.5,
  })
})

test('a lone review is published 14 days after it was written, and then the other may not answer it', async () => {
  const { poster, seeker, id } = await movedInTogether(t)
  const viewer = await signUp(t.app)
  await reviewAs(t.app, seeker, id)
  await daysPass(t, id, 13)
  expect((await profileOf(viewer, poster)).count).toBe(0)
  expect((await headerAs(t.app, poster, id)).json().canReview).toBe(true)
  await daysPass(t, id, 1)
  expect((await profileOf(viewer, poster)).count).toBe(1)
  expect((await headerAs(t.app, poster, id)).json().canReview).toBe(false)
  expect(refusal(await reviewAs(t.app, poster, id))).toEqual([
    403,
    { error: 'The time to review this move-in has passed.' },
  ])
})

test('each may review within 60 days of the confirmation, not after', async () => {
  const { seeker, poster, id } = await movedInTogether(t)
  await daysPass(t, id, 59)
  expect((await reviewAs(t.app, seeker, id)).statusCode).toBe(201)
  await daysPass(t, id, 2)
  expect((await reviewAs(t.app, poster, id)).statusCode).toBe(403)
})

test('reviews sent at once: one per person, and two people writing together both publish', async () => {
  const { poster, seeker, id } = await movedInTogether(t)
  const twice = await Promise.all([reviewAs(t.app, seeker, id), reviewAs(t.app, seeker, id)])
  expect(twice.map((response) => response.statusCode).sort()).toEqual([201, 409])
  const other = await movedInTogether(t)
  await Promise.all([reviewAs(t.app, other.seeker, other.id), reviewAs(t.app, other.poster, other.id)])
  const viewer = await signUp(t.app)
  expect([
    (await profileOf(viewer, other.poster)).count,
    (await profileOf(viewer, other.seeker)).count,
  ]).toEqual([1, 1])
  expect((await profileOf(viewer, poster)).count).toBe(0)
})
