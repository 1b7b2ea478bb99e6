import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { createListing, signUp, useTestApp, type TestUser } from '../../test/app.ts'
import {
  blockAs,
  conversationBetween,
  headerAs,
  messagesAs,
  startAs,
  verifiedUser,
} from '../conversations/test-requests.ts'
import { bookAs, putTimesAs, sampleTimes, slotFrom, timesAs, viewingAs, everyDay } from './test-requests.ts'
import { injectAs } from '../../test/app.ts'

const t = useTestApp()
const HOUR = 3600_000

/** A listing with times, and a verified seeker who wrote to its poster. */
async function listingWithTimes(times = sampleTimes()) {
  const talk = await conversationBetween(t)
  expect((await putTimesAs(t.app, talk.poster, talk.listingId, times)).statusCode).toBe(200)
  return talk
}
/** Moves a viewing to start `hours` from now (its slot rules aside): what the clock passing does. */
const startIn = (id: string, hours: number) =>
  t.database.db.execute(
    sql`update viewing set start = now() + ${hours} * interval '1 hour',
      "end" = now() + ${hours + 1} * interval '1 hour' where id = ${id}`,
  )
const writeTo = async (seeker: TestUser, listingId: string) =>
  expect((await startAs(t.app, seeker, listingId)).statusCode).toBe(201)

test('a seeker who wrote about the listing books a slot; both read it, nobody else', async () => {
  const { poster, seeker, listingId, id: conversationId } = await listingWithTimes()
  const slot = await slotFrom(t.app, seeker, listingId)
  const booked = await bookAs(t.app, seeker, listingId, slot.start)
  expect(booked.statusCode).toBe(201)
  const viewing = booked.json().viewing
  expect(viewing).toEqual({
    _id: expect.any(String),
    listingId,
    listingTitle: 'Room by the river',
    start: slot.start,
    end: expect.any(String),
    timeZone: 'Europe/Berlin',
    kind: 'in_person',
    status: 'booked',
    seeker: { id: seeker.id, name: seeker.name, photo: '' },
    poster: { id: poster.id, name: poster.name, photo: '' },
    conversationId,
    meetingPoint: 'Ring “Lind”, 3rd floor',
    cancelledBy: null,
    cancelReason: null,
    lateMinutes: null,
  })
  expect(Date.parse(viewing.end) - Date.parse(viewing.start)).toBe(HOUR)
  expect((await viewingAs(t.app, poster, viewing._id)).json().viewing).toEqual(viewing)
  const stranger = await signUp(t.app)
  expect([(await viewingAs(t.app, stranger, viewing._id)).statusCode]).toEqual([404])
  expect((await viewingAs(t.app, stranger, viewing._id, 'cancel')).statusCode).toBe(404)
  // The place is taken; the public listing never shows the meeting point.
  const after = (await timesAs(t.app, stranger, listingId)).json().slots
  expect(after.find((s: { start: string }) => s.start === slot.start).free).toBe(slot.free - 1)
  expect(JSON.stringify(after)).not.toContain('Lind')

  const list = (role: string, when: string, who = seeker) =>
    injectAs(t.app, who, { method: 'GET', url: `/api/viewings?role=${role}&when=${when}` })
  expect((await list('seeker', 'upcoming')).json()).toEqual({ viewings: [viewing], nextCursor: null })
  expect((await list('poster', 'upcoming', poster)).json().viewings).toEqual([viewing])
  expect((await list('poster', 'upcoming')).json().viewings).toEqual([])
  expect((await list('seeker', 'past')).json().viewings).toEqual([])

  // One upcoming viewing per person and listing.
  const next = await slotFrom(t.app, seeker, listingId, 30)
  expect((await bookAs(t.app, seeker, listingId, next.start)).json()).toEqual({
    error: 'You already have an upcoming viewing of this listing.',
  })
})

test('refusals: 403 own listing, no conversation, a block either way; 400 not a slot, past, under an hour', async () => {
  const { poster, seeker, listingId, id } = await listingWithTimes()
  const slot = await slotFrom(t.app, seeker, listingId)
  const status = async (who: TestUser, start = slot.start) => {
    const response = await bookAs(t.app, who, listingId, start)
    return [response.statusCode, response.json().error]
  }
  expect(await status(poster)).toEqual([403, 'You can’t book a viewing of your own listing.'])
  expect(await status(await verifiedUser(t))).toEqual([
    403,
    'Write to the poster about this listing before booking a viewing.',
  ])
  expect(await status(await signUp(t.app))).toEqual([403, 'Verify your e-mail address to book a viewing.'])
  expect((await blockAs(t.app, poster, id)).statusCode).toBe(200)
  expect((await status(seeker))[0]).toBe(403)
  await blockAs(t.app, poster, id, false)
  await blockAs(t.app, seeker, id)
  expect((await status(seeker))[0]).toBe(403)
  await blockAs(t.app, seeker, id, false)

  const at = (ms: number) => new Date(ms).toISOString()
  expect(await status(seeker, at(Date.parse(slot.start) + 60_000))).toEqual([
    400,
    'start: that is not the start of one of this listing’s viewing slots.',
  ])
  expect(await status(seeker, at(Date.now() - HOUR))).toEqual([400, 'start: that time has passed.'])
  expect(await status(seeker, at(Date.now() + HOUR / 2))).toEqual([
    400,
    'start: book at least an hour ahead.',
  ])
  expect((await bookAs(t.app, seeker, listingId, 'tomorrow')).statusCode).toBe(400)
  expect((await bookAs(t.app, seeker, crypto.randomUUID(), slot.start)).statusCode).toBe(404)
})

test('a full slot is 409; a cancel frees its place; late and outcome at their times only', async () => {
  const { poster, seeker, listingId } = await listingWithTimes(sampleTimes({ rules: everyDay(1) }))
  const slot = await slotFrom(t.app, seeker, listingId, 4)
  const other = await verifiedUser(t)
  await writeTo(other, listingId)
  const viewing = (await bookAs(t.app, seeker, listingId, slot.start)).json().viewing
  expect((await bookAs(t.app, other, listingId, slot.start)).json()).toEqual({
    error: 'That slot is full; pick another.',
  })

  expect((await viewingAs(t.app, seeker, viewing._id, 'late', { minutes: 10 })).statusCode).toBe(409)
  expect((await viewingAs(t.app, seeker, viewing._id, 'late', { minutes: 15 })).statusCode).toBe(400)
  expect((await viewingAs(t.app, poster, viewing._id, 'outcome', { outcome: 'done' })).statusCode).toBe(409)
  const cancelled = await viewingAs(t.app, poster, viewing._id, 'cancel', { reason: 'Flat flooded' })
  expect(cancelled.json().viewing).toMatchObject({
    status: 'cancelled',
    cancelledBy: 'poster',
    cancelReason: 'Flat flooded',
  })
  expect((await viewingAs(t.app, seeker, viewing._id, 'cancel')).statusCode).toBe(409)
  const rebooked = (await bookAs(t.app, other, listingId, slot.start)).json().viewing
  expect(rebooked.status).toBe('booked')

  await startIn(rebooked._id, 1.5)
  expect(
    (await viewingAs(t.app, other, rebooked._id, 'late', { minutes: 20 })).json().viewing.lateMinutes,
  ).toBe(20)
  expect((await viewingAs(t.app, other, rebooked._id, 'outcome', { outcome: 'done' })).json()).toEqual({
    error: 'Only the poster records the outcome of a viewing.',
  })
  await startIn(rebooked._id, -2) // ended
  expect((await viewingAs(t.app, other, rebooked._id, 'cancel')).statusCode).toBe(409)
  const done = await viewingAs(t.app, poster, rebooked._id, 'outcome', { outcome: 'no_show' })
  expect(done.json().viewing.status).toBe('no_show')
  const past = await injectAs(t.app, other, { method: 'GET', url: '/api/viewings?role=seeker&when=past' })
  expect(past.json().viewings.map((v: { _id: string }) => v._id)).toEqual([rebooked._id])
})

test('keyset paging walks a poster’s viewings once each', async () => {
  const poster = await signUp(t.app)
  const ids: string[] = []
  for (let i = 0; i < 3; i++) {
    const listingId = await createListing(t.app, poster)
    await putTimesAs(t.app, poster, listingId, sampleTimes())
    const seeker = await verifiedUser(t)
    await writeTo(seeker, listingId)
    const slot = await slotFrom(t.app, seeker, listingId, 2 + 24 * i)
    ids.push((await bookAs(t.app, seeker, listingId, slot.start)).json().viewing._id)
  }
  const seen: string[] = []
  let cursor = ''
  do {
    const page = (
      await injectAs(t.app, poster, { method: 'GET', url: `/api/viewings?role=poster&limit=2${cursor}` })
    ).json()
    seen.push(...page.viewings.map((v: { _id: string }) => v._id))
    cursor = page.nextCursor ? `&cursor=${page.nextCursor}` : ''
  } while (cursor)
  expect(seen).toEqual(ids)
})

test('a booking and its cancellation show in the conversation as events, and the enquiry reads "viewing"', async () => {
  const { poster, seeker, listingId, id } = await listingWithTimes()
  const slot = await slotFrom(t.app, seeker, listingId)
  const viewing = (await bookAs(t.app, seeker, listingId, slot.start)).json().viewing
  expect((await headerAs(t.app, seeker, id)).json().state).toBe('viewing')
  const events = async () =>
    (await messagesAs(t.app, poster, id)).json().messages.filter((m: { kind: string }) => m.kind === 'event')
  expect((await events()).map((m: { event: unknown }) => m.event)).toEqual([
    { type: 'viewing_booked', viewingId: viewing._id },
  ])
  await viewingAs(t.app, seeker, viewing._id, 'cancel')
  expect((await events()).map((m: { event: { type: string } }) => m.event.type)).toEqual([
    'viewing_booked',
    'viewing_cancelled',
  ])
  // Cancelled: the enquiry is back where the messages put it (the poster has not replied).
  expect((await headerAs(t.app, seeker, id)).json().state).not.toBe('viewing')
})
