import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { API } from '#shared/api.ts'
import {
  BASE_URL,
  createListing,
  injectAs,
  signUp,
  TEST_ENV,
  useTestApp,
  type TestUser,
} from '../test/app.ts'
import { selectRows } from '../test/database.ts'
import { startPushReceiver, type TestSubscription } from '../test/push-receiver.ts'
import { subscribeAs } from '../routes/push/test-requests.ts'
import { readAs, sendAs, startAs, verifiedUser } from '../routes/conversations/test-requests.ts'
import { savedSearchOf, searchToken } from '../routes/saved-searches/test-requests.ts'
import { createUnreadMail, UNREAD_MAIL_AFTER_MS } from '../conversations/unread-mail.ts'

// Pushes end to end (decision 099): the real job runner, woken by the commit, sends each push to a push service
// inside the test, which checks its VAPID signature and decrypts it with the device's keys.

const t = useTestApp({ PUSH_TEST_ENDPOINTS: 'true' })
let receiver: Awaited<ReturnType<typeof startPushReceiver>>
beforeAll(async () => {
  receiver = await startPushReceiver(TEST_ENV.VAPID_PUBLIC_KEY)
  await t.app.jobs.start()
})
afterAll(() => receiver.close())

const subscribe = (user: TestUser, device: TestSubscription, kinds: string[]) =>
  subscribeAs(t.app, user, device, kinds)
const pushesTo = (device: TestSubscription) => receiver.received.filter((push) => push.device === device.id)
const devicesOf = async (user: TestUser) =>
  (await injectAs(t.app, user, { method: 'GET', url: API.pushSubscriptions })).json<{ _id: string }[]>()

test('a new message pushes "<sender> sent you a message", never its text, to the devices that take messages', async () => {
  const [poster, seeker] = [await verifiedUser(t), await verifiedUser(t)]
  const [phone, laptop] = [receiver.device(), receiver.device()]
  await subscribe(poster, phone, ['messages'])
  await subscribe(poster, laptop, ['alerts'])
  const listingId = await createListing(t.app, poster)
  const before = receiver.received.length
  const started = await startAs(t.app, seeker, listingId, 'My secret plan for the flat')
  const conversationId = started.json<{ conversationId: string }>().conversationId

  await receiver.waitFor(before + 1)
  expect(pushesTo(phone)).toEqual([
    expect.objectContaining({
      payload: {
        title: `${seeker.name} sent you a message`,
        body: 'Open Nestmate to read it and reply.',
        url: `/dashboard/messages/${conversationId}`,
        tag: expect.stringMatching(/^message:\d+$/),
      },
    }),
  ])
  expect(JSON.stringify(receiver.received)).not.toContain('secret plan')
  expect(pushesTo(laptop)).toEqual([])
  expect(receiver.refused).toEqual([])
  // Settled once the push service has answered.
  await expect
    .poll(async () => (await devicesOf(poster))[0])
    .toMatchObject({ lastUsedAt: expect.any(String) })

  // Read after the push: the unread-message mail has nothing to say, even once its 15 minutes have passed.
  expect((await readAs(t.app, poster, conversationId)).statusCode).toBe(200)
  const unreadMail = createUnreadMail(
    { db: t.database.db, mailer: t.app.mailer, log: t.app.log },
    { baseUrl: BASE_URL },
  )
  const run = await unreadMail({ now: new Date(Date.now() + UNREAD_MAIL_AFTER_MS + 60_000) })
  expect(run.mailed).toBe(0)
})

test('a device its push service says is gone (410) is removed; a failure is retried after a wait', async () => {
  const [poster, seeker] = [await verifiedUser(t), await verifiedUser(t)]
  const [gone, flaky] = [receiver.device([410]), receiver.device([500])]
  const goneId = await subscribe(poster, gone, ['messages'])
  await subscribe(poster, flaky, ['messages'])
  const started = await startAs(t.app, seeker, await createListing(t.app, poster))
  const conversationId = started.json<{ conversationId: string }>().conversationId

  await expect.poll(async () => (await devicesOf(poster)).map(({ _id }) => _id)).not.toContain(goneId)
  const waiting = () =>
    selectRows<{ attempts: number }>(
      t.database,
      sql`select o.attempts from push_outbox o join push_subscription s on s.id = o.subscription_id
        where s.endpoint = ${flaky.endpoint}`,
    )
  await expect.poll(waiting).toEqual([{ attempts: 1 }])
  expect(pushesTo(flaky)).toEqual([])

  // A minute later (the job's clock) the next run sends it, and a second message goes at once.
  const before = receiver.received.length
  await t.app.jobs.moveClock(2 * 60_000)
  await t.app.jobs.send('push-send', {})
  await receiver.waitFor(before + 1)
  expect((await sendAs(t.app, seeker, conversationId, 'And another thing')).statusCode).toBe(201)
  await receiver.waitFor(before + 2)
  expect(pushesTo(flaky)).toHaveLength(2)
  await expect.poll(waiting).toEqual([])
})

test('an instant saved-search alert pushes to the devices that take alerts', async () => {
  const [searcher, poster] = [await verifiedUser(t), await signUp(t.app)]
  const tablet = receiver.device()
  await subscribe(searcher, tablet, ['alerts'])
  const token = searchToken('pushalert')
  await savedSearchOf(t.app, searcher, `q=${token}`, 'instant')
  const listingId = await createListing(t.app, poster, { title: `Bright ${token} room` })

  await expect.poll(() => pushesTo(tablet).length, { timeout: 20_000 }).toBe(1)
  expect(pushesTo(tablet)[0]!.payload).toEqual({
    title: 'A new room fits “My search”',
    body: `Bright ${token} room`,
    url: `/browse-listing-details/${listingId}`,
    tag: expect.stringMatching(/^alert:/),
  })
})
