import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { injectAs, signUp, useTestApp, type TestUser } from '../../test/app.ts'
import { selectRows } from '../../test/database.ts'
import { conversationBetween } from '../conversations/test-requests.ts'
import { bookAs, putTimesAs, sampleTimes, slotFrom, viewingAs } from './test-requests.ts'

const t = useTestApp()

/** A booked viewing: its seeker, its poster and its id. */
async function bookedViewing() {
  const talk = await conversationBetween(t)
  expect((await putTimesAs(t.app, talk.poster, talk.listingId, sampleTimes())).statusCode).toBe(200)
  const slot = await slotFrom(t.app, talk.seeker, talk.listingId)
  const booked = await bookAs(t.app, talk.seeker, talk.listingId, slot.start)
  return { ...talk, viewing: booked.json().viewing as { _id: string; start: string; end: string } }
}
const shareAs = (user: TestUser | null, id: string, method: 'POST' | 'DELETE' = 'POST') =>
  injectAs(t.app, user, {
    method,
    url: `/api/viewings/${id}/share`,
    ...(method === 'POST' && { payload: {} }),
  })
const openLink = (url: string) =>
  injectAs(t.app, null, { method: 'GET', url: `/api/shared-viewings/${url.split('/').at(-1)}` })

test('the seeker shares a viewing: the link shows title, place, time and poster, to anyone holding it', async () => {
  const { seeker, poster, viewing } = await bookedViewing()
  const shared = await shareAs(seeker, viewing._id)
  expect(shared.statusCode).toBe(201)
  const { url } = shared.json<{ url: string }>()
  expect(url).toMatch(/\/shared-viewing\/[A-Za-z0-9_-]{43}$/)
  const opened = await openLink(url)
  expect(opened.statusCode).toBe(200)
  expect(opened.json()).toEqual({
    listingTitle: 'Room by the river',
    location: expect.any(String),
    meetingPoint: 'Ring “Lind”, 3rd floor',
    kind: 'in_person',
    start: viewing.start,
    end: viewing.end,
    timeZone: 'Europe/Berlin',
    posterName: poster.name,
    status: 'booked',
  })
  // The token is 256 random bits, kept only as its hash.
  const token = url.split('/').at(-1)!
  const rows = await selectRows<{ tokenHash: string }>(
    t.database,
    sql`select token_hash as "tokenHash" from viewing_share`,
  )
  expect(rows.map((row) => row.tokenHash)).not.toContain(token)
  expect(JSON.stringify(rows)).not.toContain(token)
})

test('only the seeker shares; a stranger gets 404; a revoked or replaced link is a 404', async () => {
  const { seeker, poster, viewing } = await bookedViewing()
  expect((await shareAs(poster, viewing._id)).statusCode).toBe(403)
  const stranger = await signUp(t.app)
  expect((await shareAs(stranger, viewing._id)).statusCode).toBe(404)
  expect((await shareAs(stranger, viewing._id, 'DELETE')).statusCode).toBe(404)
  expect((await shareAs(null, viewing._id)).statusCode).toBe(401)

  const first = (await shareAs(seeker, viewing._id)).json<{ url: string }>().url
  const second = (await shareAs(seeker, viewing._id)).json<{ url: string }>().url
  expect((await openLink(first)).statusCode).toBe(404)
  expect((await openLink(second)).statusCode).toBe(200)
  expect((await shareAs(seeker, viewing._id, 'DELETE')).statusCode).toBe(204)
  expect((await openLink(second)).statusCode).toBe(404)
  expect((await openLink('x'.repeat(43))).statusCode).toBe(404)
})

test('the link shows the viewing until the end of the day after it, then 404; a cancelled one is not shared', async () => {
  const { seeker, viewing } = await bookedViewing()
  const { url } = (await shareAs(seeker, viewing._id)).json<{ url: string }>()
  const dayIn = (days: number) =>
    t.database.db.execute(
      sql`update viewing set start = date_trunc('day', now() at time zone time_zone) at time zone time_zone
        + ${days} * interval '1 day' + interval '10 hours',
        "end" = date_trunc('day', now() at time zone time_zone) at time zone time_zone
        + ${days} * interval '1 day' + interval '11 hours' where id = ${viewing._id}`,
    )
  await dayIn(-1)
  expect((await openLink(url)).statusCode).toBe(200)
  await dayIn(-2)
  expect((await openLink(url)).statusCode).toBe(404)

  const other = await bookedViewing()
  expect((await viewingAs(t.app, other.seeker, other.viewing._id, 'cancel')).statusCode).toBe(200)
  expect((await shareAs(other.seeker, other.viewing._id)).statusCode).toBe(409)
})
