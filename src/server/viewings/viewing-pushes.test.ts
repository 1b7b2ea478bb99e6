import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { BASE_URL, TEST_ENV, useTestApp } from '../test/app.ts'
import { selectRows } from '../test/database.ts'
import { startPushReceiver, type TestSubscription } from '../test/push-receiver.ts'
import { conversationBetween } from '../routes/conversations/test-requests.ts'
import { subscribeAs } from '../routes/push/test-requests.ts'
import { bookAs, putTimesAs, sampleTimes, slotFrom, viewingAs } from '../routes/viewings/test-requests.ts'
import { runViewingMails } from './viewing-mail.ts'

// Viewing pushes through the real job runner to a push service inside the test, which checks each push's VAPID
// signature and decrypts it with the device's keys.

const t = useTestApp({ PUSH_TEST_ENDPOINTS: 'true' })
const HOUR = 3600_000
// Pushes arrive within a second; the waits allow for a machine busy with other work.
const ARRIVED = { timeout: 20_000 }
let receiver: Awaited<ReturnType<typeof startPushReceiver>>
beforeAll(async () => {
  receiver = await startPushReceiver(TEST_ENV.VAPID_PUBLIC_KEY)
  await t.app.jobs.start()
})
afterAll(() => receiver.close())

/** A viewing booked by a seeker who wrote to a poster, each with a device that takes `viewings`. */
async function booked() {
  const talk = await conversationBetween(t)
  const [posterPhone, seekerPhone, posterLaptop] = [receiver.device(), receiver.device(), receiver.device()]
  await subscribeAs(t.app, talk.poster, posterPhone, ['viewings'])
  await subscribeAs(t.app, talk.poster, posterLaptop, ['messages', 'alerts'])
  await subscribeAs(t.app, talk.seeker, seekerPhone, ['viewings'])
  await putTimesAs(t.app, talk.poster, talk.listingId, sampleTimes())
  const slot = await slotFrom(t.app, talk.seeker, talk.listingId)
  const viewing = (await bookAs(t.app, talk.seeker, talk.listingId, slot.start)).json<{
    viewing: { _id: string; start: string }
  }>().viewing
  return { ...talk, viewing, posterPhone, seekerPhone, posterLaptop }
}
/** Moves a viewing's slot `hoursAhead`, as the clock passing would; `bookedLongAgo` so its reminders are due. */
const moveTo = (id: string, hoursAhead: number, bookedLongAgo = false) =>
  t.database.db.execute(
    sql`update viewing set start = now() + ${hoursAhead} * interval '1 hour',
      "end" = now() + ${hoursAhead + 1} * interval '1 hour',
      created_at = now() - ${bookedLongAgo ? 30 : 0} * interval '1 day'
      where id = ${id}`,
  )
const payloadsTo = (device: TestSubscription) =>
  receiver.received.filter((push) => push.device === device.id).map((push) => push.payload)
/** Every push queued for these devices has had its answer: what they received is all they will. */
const settled = (...devices: TestSubscription[]) =>
  expect
    .poll(
      () =>
        selectRows(
          t.database,
          sql`select 1 from push_outbox o join push_subscription s on s.id = o.subscription_id
          where s.endpoint in (${sql.join(
            devices.map((device) => sql`${device.endpoint}`),
            sql`, `,
          )})`,
        ),
      ARRIVED,
    )
    .toEqual([])
/** "Sun 29 Nov, 09:00": the viewing's wall-clock time, read off its ISO start in the listing's zone. */
function wallClock(isoStart: string) {
  const [, date, time] = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(isoStart)!
  const [weekday, day, month] = new Date(`${date}T00:00:00Z`).toUTCString().split(/,? /)
  return `${weekday} ${day} ${month}, ${time}`
}

test('a booking, a late notice and a cancellation push to the other person once each, never the meeting point', async () => {
  const { poster, seeker, id, viewing, posterPhone, seekerPhone, posterLaptop } = await booked()
  const page = `/dashboard/messages/${id}`
  await expect
    .poll(() => payloadsTo(posterPhone), ARRIVED)
    .toEqual([
      {
        title: `${seeker.name} booked a viewing`,
        body: `${wallClock(viewing.start)} · Room by the river`,
        url: page,
        tag: `viewing:${viewing._id}:booked:0`,
      },
    ])

  await moveTo(viewing._id, 1)
  expect((await viewingAs(t.app, poster, viewing._id, 'late', { minutes: 20 })).statusCode).toBe(200)
  await expect
    .poll(() => payloadsTo(seekerPhone), ARRIVED)
    .toEqual([
      {
        title: `${poster.name} is running 20 minutes late`,
        body: expect.stringMatching(/^\w{3} \d{2} \w{3}, \d{2}:\d{2} · Room by the river$/),
        url: page,
        tag: `viewing:${viewing._id}:late:1`,
      },
    ])

  expect((await viewingAs(t.app, seeker, viewing._id, 'cancel', { reason: 'Found one' })).statusCode).toBe(
    200,
  )
  await expect
    .poll(() => payloadsTo(posterPhone).map(({ title, tag }) => [title, tag]), ARRIVED)
    .toEqual([
      [`${seeker.name} booked a viewing`, `viewing:${viewing._id}:booked:0`],
      [`${seeker.name} cancelled a viewing`, `viewing:${viewing._id}:cancelled:2`],
    ])
  await settled(posterPhone, seekerPhone, posterLaptop)
  expect(payloadsTo(posterPhone)).toHaveLength(2)
  expect(payloadsTo(seekerPhone)).toHaveLength(1)
  expect(payloadsTo(posterLaptop)).toEqual([])
  expect(JSON.stringify(receiver.received)).not.toContain('Lind')
  expect(receiver.refused).toEqual([])
}, 60_000)

test('the reminders 24 h and 2 h before push to both once each; none whose moment had passed at booking', async () => {
  const { viewing, posterPhone, seekerPhone } = await booked()
  await moveTo(viewing._id, 30, true)
  const run = (hoursOn: number) =>
    runViewingMails(
      { db: t.database.db, mailer: t.app.mailer, log: t.app.log },
      { baseUrl: BASE_URL },
      { now: new Date(Date.now() + hoursOn * HOUR) },
    )
  await run(6.1)
  await run(7)
  await run(28.1)
  await run(29)
  const reminders = (device: TestSubscription) =>
    payloadsTo(device)
      .filter(({ tag }) => tag.includes('reminder'))
      .map(({ title, tag, url }) => [title.replace(/\d{2}:\d{2}$/, 'HH:MM'), tag, url])
  const expected = [
    ['Viewing tomorrow at HH:MM', `viewing:${viewing._id}:reminder-24h`, expect.any(String)],
    ['Viewing in two hours, at HH:MM', `viewing:${viewing._id}:reminder-2h`, expect.any(String)],
  ]
  await expect.poll(() => reminders(seekerPhone), ARRIVED).toEqual(expected)
  await expect.poll(() => reminders(posterPhone), ARRIVED).toEqual(expected)

  // Booked 10 hours ahead: only the two-hour reminder.
  const soon = await booked()
  await moveTo(soon.viewing._id, 10)
  await run(0.5)
  await run(8.1)
  await expect
    .poll(() => reminders(soon.seekerPhone).map(([title]) => title), ARRIVED)
    .toEqual(['Viewing in two hours, at HH:MM'])
  await settled(posterPhone, seekerPhone, soon.seekerPhone, soon.posterPhone)
  expect(reminders(seekerPhone)).toHaveLength(2)
  expect(reminders(soon.posterPhone)).toHaveLength(1)
}, 60_000)
