import { sql } from 'drizzle-orm'
import { beforeAll, expect, test } from 'vitest'
import { sampleListing } from '#shared/sample-listing.ts'
import { COPIES, roomPhoto, SIMILAR_ROOMS } from '../photos/test-images.ts'
import { sendAs, startAs, verifiedUser } from '../routes/conversations/test-requests.ts'
import { uploadAs } from '../routes/photos/test-requests.ts'
import { createListing, injectAs, signUp, useTestApp, type TestUser, signUpVerified } from '../test/app.ts'
import { selectRows } from '../test/database.ts'
import { LOW_RENT_COMPARABLES } from './run-signals.ts'
import { runSignals } from './run-signals.ts'

// The signals on true and false examples, through the real routes (the triggers queue what they write) and the real
// job's work. Every run looks at everything queued in the file's database, so each test asserts about its own things.

const MODERATOR = 'moderator@example.com'
const t = useTestApp({ ADMIN_EMAILS: MODERATOR })
const LEEDS = 2644688
const LONDON = 2643743

type Report = { reason: string; note: string; isSystem: boolean; status: string }
const reportsOn = (targetId: string) =>
  selectRows<Report>(
    t.database,
    sql`select reason, note, is_system as "isSystem", status from report where target_id = ${targetId} order by reason`,
  )
const check = () => runSignals(t.database.db)

let neighbour: TestUser
beforeAll(async () => {
  // Leeds has enough other people's rooms to compare with (rents 700 to 880, median 790); London has one too few.
  neighbour = await signUp(t.app)
  for (let i = 0; i < LOW_RENT_COMPARABLES; i++)
    await createListing(t.app, neighbour, { placeId: LEEDS, rent: 700 + i * 20 })
  for (let i = 0; i < LOW_RENT_COMPARABLES - 1; i++)
    await createListing(t.app, neighbour, { placeId: LONDON, rent: 800 })
  await check()
})

test('a rent under half the median of the other people’s listings within 15 km is reported, saying why', async () => {
  const poster = await signUp(t.app)
  const cheap = await createListing(t.app, poster, { placeId: LEEDS, rent: 350 })
  const fair = await createListing(t.app, poster, { placeId: LEEDS, rent: 450 })
  // The poster's own cheap listings are no comparables: the median stays the neighbours'.
  await check()
  expect(await reportsOn(cheap)).toEqual([
    {
      reason: 'low_rent',
      note: 'Rent 350 is under half the median rent (790) of 10 other people’s Available listings within 15 km.',
      isSystem: true,
      status: 'open',
    },
  ])
  expect(await reportsOn(fair)).toEqual([])
})

test('no rent signal without enough listings to compare with, or without a place', async () => {
  const poster = await signUp(t.app)
  const fewNearby = await createListing(t.app, poster, { placeId: LONDON, rent: 100 })
  const nowhere = await createListing(t.app, poster, { rent: 100 })
  await check()
  expect(await reportsOn(fewNearby)).toEqual([])
  expect(await reportsOn(nowhere)).toEqual([])
})

test('scam phrases in a listing or a conversation’s first message are reported; a later message is not', async () => {
  const poster = await signUp(t.app)
  const scam = await createListing(t.app, poster, {
    description: 'I am abroad for work. Pay the deposit by Western Union and I post the keys.',
  })
  const honest = await createListing(t.app, poster, { description: 'Deposit after the viewing, by bank.' })
  const seeker = await verifiedUser(t)
  const started = await startAs(t.app, seeker, honest, 'Hello! Can I pay with gift cards before the viewing?')
  const conversationId = started.json<{ conversationId: string }>().conversationId
  await sendAs(t.app, poster, conversationId, 'No: bank transfer after the viewing.')
  await sendAs(t.app, seeker, conversationId, 'Then wire transfer it is.')
  await check()

  expect(await reportsOn(scam)).toEqual([
    expect.objectContaining({
      reason: 'scam_phrase',
      note: 'Its title or description uses words scams use: “western union”, “i am abroad”.',
    }),
  ])
  expect(await reportsOn(honest)).toEqual([])
  const messages = await selectRows<{ id: string; body: string }>(
    t.database,
    sql`select id::text, body from message where conversation_id = ${conversationId} order by id`,
  )
  expect(await reportsOn(messages[0]!.id)).toEqual([
    expect.objectContaining({
      reason: 'scam_phrase',
      note: 'The first message of a conversation uses words scams use: “gift card”.',
    }),
  ])
  expect(await reportsOn(messages[2]!.id)).toEqual([])
})

test('a signal is filed once per target: not again after an edit, nor after a moderator dismissed it', async () => {
  const poster = await signUp(t.app)
  const id = await createListing(t.app, poster, { description: 'Pay by MoneyGram.' })
  await check()
  const edit = (description: string) =>
    injectAs(t.app, poster, {
      method: 'PUT',
      url: `/api/roommate-listings/${id}`,
      payload: sampleListing({ description }),
    })
  expect((await edit('Pay by MoneyGram or bitcoin.')).statusCode).toBe(200)
  await check()
  expect(await reportsOn(id)).toHaveLength(1)
  await t.database.db.execute(sql`update report set status = 'dismissed' where target_id = ${id}`)
  expect((await edit('Pay by MoneyGram, bitcoin or gift cards.')).statusCode).toBe(200)
  await check()
  expect(await reportsOn(id)).toEqual([
    expect.objectContaining({ reason: 'scam_phrase', status: 'dismissed' }),
  ])
})

test('a near-copy of another person’s photo is reported; one’s own photo twice and a similar room are not', async () => {
  const original = await roomPhoto()
  const [owner, copier, other] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)]
  const [first, second] = [await createListing(t.app, owner), await createListing(t.app, owner)]
  const copied = await createListing(t.app, copier, { title: 'Copied room' })
  const similar = await createListing(t.app, other)
  const upload = async (user: TestUser, listingId: string, photo: Buffer) =>
    expect((await uploadAs(t.app, user, listingId, photo)).statusCode).toBe(201)
  await upload(owner, first, original)
  await check()
  await upload(owner, second, await COPIES['WebP at quality 50']!(original))
  await upload(copier, copied, await COPIES['a third of the size']!(original))
  await upload(other, similar, await roomPhoto(SIMILAR_ROOMS['the bed and window nudged']))
  await check()

  expect(await reportsOn(first)).toEqual([])
  expect(await reportsOn(second)).toEqual([])
  expect(await reportsOn(similar)).toEqual([])
  const [report] = await reportsOn(copied)
  expect(report).toMatchObject({ reason: 'copied_photo', isSystem: true })
  expect(report!.note).toMatch(
    /^Its photo 1 is a near-copy \([0-6] of 64 bits apart\) of a photo on another person’s listing “Sunny room near the park” \(/,
  )
  expect([first, second].some((id) => report!.note.includes(id))).toBe(true)
})

test('system reports never hide a listing, and the moderators’ queue shows why each was filed', async () => {
  const poster = await signUp(t.app)
  const id = await createListing(t.app, poster, {
    title: 'Too good to be true',
    placeId: LEEDS,
    rent: 100,
    description: 'Payment before viewing, by wire transfer.',
  })
  await check()
  expect((await reportsOn(id)).map((report) => report.reason)).toEqual(['low_rent', 'scam_phrase'])
  const [listing] = await selectRows<{ hidden: string | null }>(
    t.database,
    sql`select hidden_reason as hidden from listing where id = ${id}`,
  )
  expect(listing).toEqual({ hidden: null })
  const viewer = await signUp(t.app)
  expect(
    (await injectAs(t.app, viewer, { method: 'GET', url: `/api/roommate-listings/${id}` })).statusCode,
  ).toBe(200)

  const moderator = await signUpVerified(t, { email: MODERATOR })
  const queue = (await injectAs(t.app, moderator, { method: 'GET', url: '/api/moderation/queue' })).json()
  const entry = queue.entries.find((candidate: { targetId: string }) => candidate.targetId === id)
  expect(entry.countingReporters).toBe(0)
  // Both were filed in the same instant, so their order between themselves is their ids' (any, but stable).
  const byReason = [...(entry.reports as { reason: string }[])].sort((a, b) =>
    a.reason.localeCompare(b.reason),
  )
  expect(byReason).toEqual([
    expect.objectContaining({
      reason: 'low_rent',
      isSystem: true,
      reporter: null,
      note: expect.stringMatching(/^Rent 100 /),
    }),
    expect.objectContaining({
      reason: 'scam_phrase',
      isSystem: true,
      reporter: null,
      note: expect.stringMatching(/“wire transfer”/),
    }),
  ])
})

test('the signals job on the job runner works the queue', async () => {
  const poster = await signUp(t.app)
  const id = await createListing(t.app, poster, { description: 'Send the deposit first, I am abroad.' })
  await t.app.jobs.send('signals', {})
  expect(await t.app.jobs.runDue('signals')).toBe(1)
  expect((await reportsOn(id)).map((report) => report.reason)).toEqual(['scam_phrase'])
  expect(await selectRows(t.database, sql`select 1 from signal_check`)).toEqual([])
})

test('a write that queues a check wakes the job: the report is filed within seconds, not at the next minute', async () => {
  await t.app.jobs.start()
  const poster = await signUp(t.app)
  const id = await createListing(t.app, poster, {
    description: 'Pay the holding fee by wire transfer first.',
  })
  await expect
    .poll(async () => (await reportsOn(id)).map((report) => report.reason), {
      timeout: 10_000,
      interval: 100,
    })
    .toEqual(['scam_phrase'])
})
