import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { randomUUID } from 'node:crypto'
import { PersonProfileSchema } from '#shared/people.ts'
import { createListing, injectAs, signUp, signUpVerified, useTestApp, type TestUser } from '../../test/app.ts'
import { createAd } from '../seeker-ads/test-requests.ts'
import { createReferencesRepository } from '../references/references-repository.ts'

const t = useTestApp()
const profileAs = (viewer: TestUser | null, id: string) =>
  injectAs(t.app, viewer, { method: 'GET', url: `/api/people/${id}` })
const run = (query: ReturnType<typeof sql>) => t.database.db.execute(query)

/** Every string in an answer, however deep: what a reader of the JSON could find in it. */
const strings = (value: unknown): string[] =>
  typeof value === 'string'
    ? [value]
    : value && typeof value === 'object'
      ? Object.entries(value).flatMap(([key, inner]) => [key, ...strings(inner)])
      : []

test('a person’s profile: name, photo, since, verified, stats, shown listings and ad; nothing private', async () => {
  const person = await signUpVerified(t)
  const shownId = await createListing(t.app, person, { title: 'Bright room', number: '+49 30 1234567' })
  const hiddenId = await createListing(t.app, person, { title: 'Secret attic' })
  await run(sql`update listing set hidden_reason = 'moderator' where id = ${hiddenId}`)
  const adId = await createAd(t.app, person, { headline: 'Looking near the river' })
  await run(sql`insert into reply_stat (user_id, reply_rate, reply_hours, refreshed_at)
    values (${person.id}, 90, 3, now())`)
  // Two references written from their links; the person hides one.
  const references = createReferencesRepository(t.database.db)
  for (const [refereeEmail, refereeName] of [
    ['sam.flat@example.com', 'Sam'],
    ['kit.flat@example.com', 'Kit'],
  ] as const) {
    const asked = await references.request(person.id, { refereeEmail, refereeName, relationship: 'flatmate' })
    if (typeof asked === 'string') throw new Error(asked)
    const answer = { relationship: 'flatmate', from: '2023-01', to: '2024-06', tidy: 5, bills: 4 }
    const payload = { ...answer, considerate: 5, communication: 4, text: `${refereeName} says: tidy.` }
    const sent = await injectAs(t.app, null, {
      method: 'POST',
      url: `/api/references/${asked.token}`,
      payload,
    })
    expect(sent.statusCode).toBe(201)
  }
  await run(
    sql`update reference set hidden_at = now() where referee_name = 'Kit' and subject_id = ${person.id}`,
  )

  const viewer = await signUp(t.app)
  const response = await profileAs(viewer, person.id)
  expect(response.statusCode).toBe(200)
  const profile = PersonProfileSchema.parse(response.json())
  expect(profile).toMatchObject({
    _id: person.id,
    name: person.name,
    photo: null,
    emailVerified: true,
    replyRate: 90,
    replyHours: 3,
    references: {
      count: 1,
      items: [expect.objectContaining({ refereeName: 'Sam', confirmedByEmail: true })],
    },
    reviews: { count: 0, average: null, items: [] },
  })
  expect(Date.parse(profile.memberSince)).toBeLessThanOrEqual(Date.now())
  expect(profile.listings.map((item) => item._id)).toEqual([shownId])
  expect(profile.seekerAd?._id).toBe(adId)

  // Every field, however deep, read for what must never be there.
  const all = strings(response.json())
  for (const secret of [person.email, '1234567', 'Secret attic', hiddenId, 'sam.flat@', 'Kit'])
    expect(all.filter((text) => text.includes(secret))).toEqual([])
  for (const field of ['email', 'userEmail', 'number', 'contact', 'answers', 'interests', 'hiddenReason'])
    expect(all).not.toContain(field)

  // The ad paused and the listing hidden: neither is shown any more.
  await run(sql`update seeker_ad set status = 'paused' where id = ${adId}`)
  await run(sql`update listing set hidden_reason = 'reports' where id = ${shownId}`)
  const after = (await profileAs(viewer, person.id)).json<{ listings: unknown[]; seekerAd: unknown }>()
  expect([after.listings, after.seekerAd]).toEqual([[], null])
})

test('signed in only; 404 for unknown, deleted and suspended people; 400 for a malformed id', async () => {
  const person = await signUp(t.app)
  const viewer = await signUp(t.app)
  expect((await profileAs(null, person.id)).statusCode).toBe(401)
  expect((await profileAs(viewer, randomUUID())).json()).toEqual({ error: 'Person not found.' })
  expect((await profileAs(viewer, 'not-an-id')).statusCode).toBe(400)
  await run(sql`update "user" set suspended_at = now() where id = ${person.id}`)
  expect((await profileAs(viewer, person.id)).statusCode).toBe(404)
  const gone = await signUp(t.app)
  await run(sql`delete from "user" where id = ${gone.id}`)
  expect((await profileAs(viewer, gone.id)).statusCode).toBe(404)
})
