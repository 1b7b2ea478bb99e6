import { sql } from 'drizzle-orm'
import ICAL from 'ical.js'
import nodeIcal from 'node-ical'
import { expect, test } from 'vitest'
import { useMailedApp } from '../test/accounts.ts'
import { BASE_URL, injectAs } from '../test/app.ts'
import { conversationBetween } from '../routes/conversations/test-requests.ts'
import { bookAs, putTimesAs, sampleTimes, slotFrom, viewingAs } from '../routes/viewings/test-requests.ts'
import { runViewingMails } from './viewing-mail.ts'

// Calendar mails and reminders as the job runs them, its time given: real SMTP, real database, and the calendar
// files read back by two parsers (ical.js, and node-ical as a calendar app's importer would).

const t = useMailedApp()
const HOUR = 3600_000
const run = (at = Date.now()) =>
  runViewingMails(
    { db: t.database.db, mailer: t.app.mailer, log: t.app.log },
    { baseUrl: BASE_URL },
    { now: new Date(at) },
  )

/** A booked viewing, `hours` ahead (its slot then moved there, as the clock passing would). */
async function booked(hoursAhead?: number) {
  const talk = await conversationBetween(t)
  await t.database.db.execute(sql`update "user" set email_verified = true where id = ${talk.poster.id}`)
  await putTimesAs(t.app, talk.poster, talk.listingId, sampleTimes())
  const slot = await slotFrom(t.app, talk.seeker, talk.listingId)
  const viewing = (await bookAs(t.app, talk.seeker, talk.listingId, slot.start)).json().viewing
  if (hoursAhead !== undefined)
    await t.database.db.execute(
      sql`update viewing set start = now() + ${hoursAhead} * interval '1 hour',
        "end" = now() + ${hoursAhead + 1} * interval '1 hour', created_at = now() - interval '30 days'
        where id = ${viewing._id}`,
    )
  return { ...talk, viewing }
}
/** The next mail to `email` whose subject matches, past the sign-up mails. */
async function mailTo(email: string, subject: RegExp) {
  for (;;) {
    const mail = await t.smtp.next(email)
    if (subject.test(mail.subject ?? '')) return mail
    if (!/Confirm your e-mail/.test(mail.subject ?? '')) throw new Error(`unexpected mail: ${mail.subject}`)
  }
}
const icsOf = (mail: { attachments: { contentType: string; content: Buffer }[] }) =>
  mail.attachments.find((file) => file.contentType.startsWith('text/calendar'))!.content.toString()
const read = (ics: string) => {
  const calendar = new ICAL.Component(ICAL.parse(ics))
  const event = new ICAL.Event(calendar.getFirstSubcomponent('vevent')!)
  return { method: calendar.getFirstPropertyValue('method'), event }
}

test('a booking mails both a REQUEST; a cancel mails both a CANCEL of the same UID, its SEQUENCE raised', async () => {
  const { poster, seeker, viewing } = await booked()
  expect(await run()).toBe(2)
  for (const person of [seeker, poster]) {
    const mail = await mailTo(person.email, /^Viewing booked: /)
    expect(mail.text).toContain('never pay anything before')
    const { method, event } = read(icsOf(mail))
    expect(method).toBe('REQUEST')
    expect(event.summary).toBe('Viewing: Room by the river')
    expect(event.location).toBe('Ring “Lind”, 3rd floor')
    expect(event.startDate.toJSDate().getTime()).toBe(Date.parse(viewing.start))
    expect(event.endDate.toJSDate().getTime()).toBe(Date.parse(viewing.end))
    expect(event.sequence).toBe(0)
  }
  expect(await run()).toBe(0)

  const download = await injectAs(t.app, seeker, {
    method: 'GET',
    url: `/api/viewings/${viewing._id}/calendar.ics`,
  })
  expect(download.headers['content-type']).toMatch(/^text\/calendar/)
  const uid = read(download.body).event.uid
  // A second parser, as a calendar app importing the file would read it.
  const imported = Object.values(nodeIcal.sync.parseICS(download.body)).find(
    (item) => item?.type === 'VEVENT',
  )
  expect(imported).toMatchObject({ uid, summary: 'Viewing: Room by the river' })
  expect((imported as { start: Date }).start.getTime()).toBe(Date.parse(viewing.start))
  const stranger = await conversationBetween(t)
  expect(
    (
      await injectAs(t.app, stranger.seeker, {
        method: 'GET',
        url: `/api/viewings/${viewing._id}/calendar.ics`,
      })
    ).statusCode,
  ).toBe(404)

  await viewingAs(t.app, seeker, viewing._id, 'cancel', { reason: 'Found a room' })
  expect(await run()).toBe(2)
  for (const person of [seeker, poster]) {
    const mail = await mailTo(person.email, /^Viewing cancelled: /)
    const { method, event } = read(icsOf(mail))
    expect([method, event.uid, event.sequence]).toEqual(['CANCEL', uid, 1])
  }
  expect(await run()).toBe(0)
})

test('reminders 24 h and 2 h before, once each; none for a cancelled viewing or one booked after its moment', async () => {
  const { poster, seeker, viewing } = await booked(30)
  await run() // the booking mails
  await mailTo(seeker.email, /^Viewing booked/)
  await mailTo(poster.email, /^Viewing booked/)
  expect(await run(Date.now() + 5 * HOUR)).toBe(0) // 25 h before
  expect(await run(Date.now() + 6.1 * HOUR)).toBe(2)
  await mailTo(seeker.email, /^Tomorrow: /)
  await mailTo(poster.email, /^Tomorrow: /)
  expect(await run(Date.now() + 7 * HOUR)).toBe(0)
  expect(await run(Date.now() + 28.1 * HOUR)).toBe(2)
  await mailTo(seeker.email, /^In two hours: /)
  expect(await run(Date.now() + 29 * HOUR)).toBe(0)

  // Booked 10 hours ahead: the day-before reminder's moment had passed; only the two-hour one comes.
  const late = await booked(10)
  await t.database.db.execute(sql`update viewing set created_at = now() where id = ${late.viewing._id}`)
  await run()
  await mailTo(late.seeker.email, /^Viewing booked/)
  expect(await run(Date.now() + 0.5 * HOUR)).toBe(0)
  expect(await run(Date.now() + 8.1 * HOUR)).toBe(2)
  await mailTo(late.seeker.email, /^In two hours: /)

  const cancelled = await booked(30)
  await viewingAs(t.app, cancelled.seeker, cancelled.viewing._id, 'cancel')
  await run()
  expect(await run(Date.now() + 6.1 * HOUR)).toBe(0)
  expect(viewing.status).toBe('booked')
})
