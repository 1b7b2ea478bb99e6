import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import {
  BASE_URL,
  createListing,
  injectAs,
  signUp,
  signUpVerified,
  type TestUser,
  useTestApp,
} from '../../test/app.ts'
import { selectRows } from '../../test/database.ts'
import { conversationBetween, verifiedUser } from '../conversations/test-requests.ts'
import { adAs, BERLIN, createAd, putAdAs, sampleAd, seekersAs } from '../seeker-ads/test-requests.ts'

// Room-wanted ads in the one report model (docs/decisions/053): reports on ads and on people named through where
// they are shown, three verified people hiding an ad, a moderator hiding and showing it, a suspension hiding it.

const MODERATOR = 'ad-moderator@example.com'
const t = useTestApp({ ADMIN_EMAILS: MODERATOR })

const reportAs = (user: TestUser | null, payload: object) =>
  injectAs(t.app, user, { method: 'POST', url: '/api/reports', payload })
const moderate = (user: TestUser | null, url: string, reason = 'Checked it') =>
  injectAs(t.app, user, { method: 'POST', url: `/api/moderation/${url}`, payload: { reason } })
let mod: TestUser | undefined
const asModerator = async () => (mod ??= await signUpVerified(t, { email: MODERATOR }))

/** Where the ad shows for a viewer: Rooms wanted, the fitting seekers of a Berlin listing, its details. */
async function adIsShown(viewer: TestUser, poster: TestUser, listingId: string, adId: string) {
  const list = await injectAs(t.app, viewer, { method: 'GET', url: '/api/seeker-ads?limit=100' })
  const seekers = await seekersAs(t.app, poster, listingId, '?limit=100')
  const details = await adAs(t.app, viewer, adId)
  return {
    list: list.json<{ _id: string }[]>().some((ad) => ad._id === adId),
    total: Number(list.headers['x-total-count']),
    seekers: seekers.json<{ _id: string }[]>().some((ad) => ad._id === adId),
    details: details.statusCode,
  }
}

async function adWithViewers() {
  const writer = await signUp(t.app)
  const adId = await createAd(t.app, writer)
  const poster = await signUp(t.app)
  const listingId = await createListing(t.app, poster, { placeId: BERLIN, rent: 600, roomType: 'Single' })
  return { writer, adId, poster, listingId, viewer: await signUp(t.app) }
}

test('people report an ad once; not their own, not a paused or missing one', async () => {
  const { writer, adId, viewer } = await adWithViewers()
  const filed = await reportAs(viewer, {
    targetKind: 'seeker_ad',
    targetId: adId,
    reason: 'scam',
    note: 'Odd',
  })
  expect([filed.statusCode, filed.json()]).toEqual([201, { reportId: expect.any(String) }])
  const again = await reportAs(viewer, { targetKind: 'seeker_ad', targetId: adId, reason: 'other' })
  expect(again.statusCode).toBe(409)
  const own = await reportAs(writer, { targetKind: 'seeker_ad', targetId: adId, reason: 'scam' })
  expect([own.statusCode, own.json().error]).toEqual([400, "You can't report your own ad."])
  const missing = await reportAs(viewer, { targetKind: 'seeker_ad', targetId: randomUUID(), reason: 'scam' })
  expect([missing.statusCode, missing.json().error]).toEqual([404, 'Ad not found.'])
  const malformed = await reportAs(viewer, { targetKind: 'seeker_ad', targetId: 'x', reason: 'scam' })
  expect([malformed.statusCode, malformed.json().error]).toEqual([400, 'Malformed ad id.'])

  await putAdAs(t.app, writer, sampleAd({ status: 'paused' }))
  const paused = await reportAs(await signUp(t.app), {
    targetKind: 'seeker_ad',
    targetId: adId,
    reason: 'scam',
  })
  expect(paused.statusCode).toBe(404)
})

test('three verified people’s reports hide an ad from Rooms wanted, fitting seekers and details; dismissing shows it', async () => {
  const { writer, adId, poster, listingId, viewer } = await adWithViewers()
  const shown = { list: true, total: expect.any(Number), seekers: true, details: 200 }
  expect(await adIsShown(viewer, poster, listingId, adId)).toEqual(shown)

  // Unverified accounts and the system count for nothing; two verified people aren't enough.
  for (let i = 0; i < 3; i++)
    await reportAs(await signUp(t.app), { targetKind: 'seeker_ad', targetId: adId, reason: 'scam' })
  await t.database.db.execute(
    sql`insert into report (target_kind, target_id, reason, note, is_system)
      values ('seeker_ad', ${adId}, 'scam_phrase', 'Gift cards', true)`,
  )
  for (let i = 0; i < 2; i++)
    await reportAs(await verifiedUser(t), { targetKind: 'seeker_ad', targetId: adId, reason: 'scam' })
  expect(await adIsShown(viewer, poster, listingId, adId)).toEqual(shown)

  const before = (await adIsShown(viewer, poster, listingId, adId)).total
  await reportAs(await verifiedUser(t), {
    targetKind: 'seeker_ad',
    targetId: adId,
    reason: 'not_a_real_room',
  })
  expect(await adIsShown(viewer, poster, listingId, adId)).toEqual({
    list: false,
    total: before - 1,
    seekers: false,
    details: 404,
  })
  // Its writer and the moderators still see it, and why it is hidden.
  const own = await adAs(t.app, writer, adId)
  expect([own.statusCode, own.json().hiddenReason]).toEqual([200, 'reports'])
  expect((await injectAs(t.app, writer, { method: 'GET', url: '/api/seeker-ad' })).json().hiddenReason).toBe(
    'reports',
  )
  const moderator = await asModerator()
  expect((await adAs(t.app, moderator, adId)).statusCode).toBe(200)

  // The queue shows the ad in context: its text and its towns.
  const queue = (await injectAs(t.app, moderator, { method: 'GET', url: '/api/moderation/queue' })).json()
  expect(queue.entries.find((entry: { targetId: string }) => entry.targetId === adId)).toMatchObject({
    targetKind: 'seeker_ad',
    countingReporters: 3,
    target: {
      kind: 'seeker_ad',
      headline: 'Quiet nurse looking for a room',
      about: 'I work nights twice a week and cook a lot.',
      budget: 700,
      areas: [{ name: expect.stringContaining('Berlin'), radiusKm: 10 }],
      hiddenReason: 'reports',
      owner: { id: writer.id, suspended: false },
    },
  })

  const dismissed = await injectAs(t.app, moderator, {
    method: 'POST',
    url: '/api/moderation/dismiss',
    payload: { targetKind: 'seeker_ad', targetId: adId, reason: 'A real person' },
  })
  expect(dismissed.json()).toEqual({ dismissed: 7 })
  expect(await adIsShown(viewer, poster, listingId, adId)).toEqual(shown)
})

test('a moderator hides and shows an ad; each decision is logged; nobody else may', async () => {
  const { writer, adId, poster, listingId, viewer } = await adWithViewers()
  await reportAs(viewer, { targetKind: 'seeker_ad', targetId: adId, reason: 'offensive' })
  expect((await moderate(null, `seeker-ads/${adId}/hide`)).statusCode).toBe(401)
  const refused = await moderate(writer, `seeker-ads/${adId}/unhide`)
  expect([refused.statusCode, refused.json().error]).toEqual([403, 'Only moderators can do this.'])

  const moderator = await asModerator()
  const hidden = await moderate(moderator, `seeker-ads/${adId}/hide`, 'Insults in the text')
  expect([hidden.statusCode, hidden.json()]).toEqual([200, { hiddenReason: 'moderator' }])
  expect(await adIsShown(viewer, poster, listingId, adId)).toMatchObject({
    list: false,
    seekers: false,
    details: 404,
  })
  const [settled] = await selectRows(
    t.database,
    sql`select status from report where target_kind = 'seeker_ad' and target_id = ${adId}`,
  )
  expect(settled).toEqual({ status: 'actioned' })

  const shown = await moderate(moderator, `seeker-ads/${adId}/unhide`, 'Edited since')
  expect([shown.statusCode, shown.json()]).toEqual([200, { hiddenReason: null }])
  expect(await adIsShown(viewer, poster, listingId, adId)).toMatchObject({ list: true, seekers: true })

  const log = (await injectAs(t.app, moderator, { method: 'GET', url: '/api/moderation/actions' })).json()
  expect(log.actions.slice(0, 2)).toEqual([
    expect.objectContaining({
      action: 'unhide',
      targetKind: 'seeker_ad',
      targetId: adId,
      targetName: 'Quiet nurse looking for a room',
      reason: 'Edited since',
    }),
    expect.objectContaining({
      action: 'hide',
      targetKind: 'seeker_ad',
      targetId: adId,
      reason: 'Insults in the text',
      moderator: MODERATOR,
    }),
  ])

  const missing = await moderate(moderator, `seeker-ads/${randomUUID()}/hide`)
  expect([missing.statusCode, missing.json().error]).toEqual([404, 'Ad not found.'])
  const malformed = await moderate(moderator, 'seeker-ads/nope/hide')
  expect([malformed.statusCode, malformed.json().error]).toEqual([400, 'Malformed ad id.'])
})

test('a suspended person’s ad leaves the lists; lifting it shows the ad again, but not one a moderator hid', async () => {
  const { writer, adId, poster, listingId, viewer } = await adWithViewers()
  const moderator = await asModerator()
  expect((await moderate(moderator, `users/${writer.id}/suspend`, 'Scams')).statusCode).toBe(200)
  expect(await adIsShown(viewer, poster, listingId, adId)).toMatchObject({
    list: false,
    seekers: false,
    details: 404,
  })
  // Unhiding the ad of a suspended person keeps it hidden for the suspension.
  expect((await moderate(moderator, `seeker-ads/${adId}/unhide`)).json()).toEqual({
    hiddenReason: 'suspended',
  })
  expect((await moderate(moderator, `users/${writer.id}/unsuspend`, 'Appeal')).statusCode).toBe(200)
  expect(await adIsShown(viewer, poster, listingId, adId)).toMatchObject({
    list: true,
    seekers: true,
    details: 200,
  })

  await moderate(moderator, `seeker-ads/${adId}/hide`, 'Off-topic')
  await moderate(moderator, `users/${writer.id}/suspend`, 'Again')
  await moderate(moderator, `users/${writer.id}/unsuspend`, 'Again lifted')
  // (The suspension signed its writer out: the moderator looks.)
  expect((await adAs(t.app, moderator, adId)).json().hiddenReason).toBe('moderator')
})

test('a person is reported through the listing, ad or conversation that shows them', async () => {
  const { writer, adId, poster, listingId, viewer } = await adWithViewers()
  const through = (user: TestUser, kind: string, id: string) =>
    reportAs(user, { targetKind: 'user', via: { kind, id }, reason: 'offensive' })
  const personReports = (reporter: TestUser) =>
    selectRows(
      t.database,
      sql`select target_id as "targetId" from report where reporter_id = ${reporter.id} and target_kind = 'user'
        order by created_at`,
    )

  expect((await through(viewer, 'listing', listingId)).statusCode).toBe(201)
  expect((await through(viewer, 'seeker_ad', adId)).statusCode).toBe(201)
  expect(await personReports(viewer)).toEqual([{ targetId: poster.id }, { targetId: writer.id }])
  // The same person again, by id or through another place, is the same open report.
  const again = await reportAs(viewer, { targetKind: 'user', targetId: poster.id, reason: 'scam' })
  expect(again.statusCode).toBe(409)

  const { poster: other, seeker, id: conversationId } = await conversationBetween(t)
  expect((await through(other, 'conversation', conversationId)).statusCode).toBe(201)
  expect(await personReports(other)).toEqual([{ targetId: seeker.id }])

  for (const [user, kind, id, status, error] of [
    [poster, 'listing', listingId, 400, "You can't report yourself."],
    [writer, 'seeker_ad', adId, 400, "You can't report yourself."],
    [viewer, 'conversation', conversationId, 403, 'You can only report people in your own conversations.'],
    [viewer, 'listing', randomUUID(), 404, 'Person not found.'],
    [viewer, 'conversation', randomUUID(), 404, 'Person not found.'],
  ] as const) {
    const response = await through(user, kind, id)
    expect([response.statusCode, response.json().error]).toEqual([status, error])
  }
  for (const payload of [
    { targetKind: 'user', targetId: poster.id, via: { kind: 'listing', id: listingId }, reason: 'scam' },
    { targetKind: 'user', reason: 'scam' },
  ]) {
    const response = await reportAs(viewer, payload)
    expect([response.statusCode, response.json().error]).toEqual([
      400,
      'A person is named by targetId or by via (where they are shown), not both.',
    ])
  }
  const badVia = await reportAs(viewer, {
    targetKind: 'user',
    via: { kind: 'photo', id: listingId },
    reason: 'scam',
  })
  expect(badVia.statusCode).toBe(400)
})

test('a hidden ad stays hidden, as the same ad, when its writer deletes it and writes another, until a moderator decides', async () => {
  const { writer, adId, poster, listingId, viewer } = await adWithViewers()
  const moderator = await asModerator()
  const deleteAndRewrite = async (headline: string) => {
    expect((await injectAs(t.app, writer, { method: 'DELETE', url: '/api/seeker-ad' })).statusCode).toBe(200)
    const written = await putAdAs(t.app, writer, sampleAd({ headline }))
    expect(written.statusCode).toBe(201)
    return written.json<{ seekerAd: { _id: string; hiddenReason: string | null } }>().seekerAd
  }
  const hiddenEverywhere = { list: false, seekers: false, details: 404 }

  // A moderator's hide holds for the person: the new ad is the hidden one, under the id the decision named.
  expect((await moderate(moderator, `seeker-ads/${adId}/hide`, 'Fake')).statusCode).toBe(200)
  expect(await deleteAndRewrite('A fresh start')).toMatchObject({ _id: adId, hiddenReason: 'moderator' })
  expect(await adIsShown(viewer, poster, listingId, adId)).toMatchObject(hiddenEverywhere)
  expect((await moderate(moderator, `seeker-ads/${adId}/unhide`, 'Fixed')).json()).toEqual({
    hiddenReason: null,
  })
  expect(await adIsShown(viewer, poster, listingId, adId)).toMatchObject({ list: true, details: 200 })

  // So does a hide by reports, and the queue still shows it first, with its reports, for a moderator to decide.
  for (let i = 0; i < 3; i++)
    await reportAs(await verifiedUser(t), { targetKind: 'seeker_ad', targetId: adId, reason: 'scam' })
  expect(await deleteAndRewrite('Another start')).toMatchObject({ _id: adId, hiddenReason: 'reports' })
  expect(await adIsShown(viewer, poster, listingId, adId)).toMatchObject(hiddenEverywhere)
  const queue = (await injectAs(t.app, moderator, { method: 'GET', url: '/api/moderation/queue' })).json()
  expect(queue.entries[0]).toMatchObject({ targetId: adId, target: { headline: 'Another start' } })
  const dismissed = await injectAs(t.app, moderator, {
    method: 'POST',
    url: '/api/moderation/dismiss',
    payload: { targetKind: 'seeker_ad', targetId: adId, reason: 'A real seeker' },
  })
  expect(dismissed.statusCode).toBe(200)
  expect(await adIsShown(viewer, poster, listingId, adId)).toMatchObject({ list: true, details: 200 })

  // Shown, a deleted ad is gone for good: the next one is new.
  expect(await deleteAndRewrite('Third time')).toMatchObject({ hiddenReason: null })
})

test('a hold ends when its reports are dismissed, and with its writer’s account', async () => {
  const { writer, adId } = await adWithViewers()
  const moderator = await asModerator()
  for (let i = 0; i < 3; i++)
    await reportAs(await verifiedUser(t), { targetKind: 'seeker_ad', targetId: adId, reason: 'scam' })
  expect((await injectAs(t.app, writer, { method: 'DELETE', url: '/api/seeker-ad' })).statusCode).toBe(200)
  const dismissed = await injectAs(t.app, moderator, {
    method: 'POST',
    url: '/api/moderation/dismiss',
    payload: { targetKind: 'seeker_ad', targetId: adId, reason: 'A real seeker' },
  })
  expect(dismissed.statusCode).toBe(200)
  const next = (await putAdAs(t.app, writer, sampleAd())).json().seekerAd
  expect([next._id === adId, next.hiddenReason]).toEqual([false, null])

  expect((await moderate(moderator, `seeker-ads/${next._id}/hide`, 'Fake')).statusCode).toBe(200)
  const deleted = await t.app.inject({
    method: 'POST',
    url: '/api/auth/delete-user',
    headers: { origin: BASE_URL, cookie: writer.cookie },
    payload: { password: writer.password },
  })
  expect(deleted.statusCode).toBe(200)
  const [left] = await selectRows<{ holds: number }>(
    t.database,
    sql`select count(*)::int as holds from seeker_ad_hold where owner_id = ${writer.id}`,
  )
  expect(left).toEqual({ holds: 0 })
})
