import { expect, test } from 'vitest'
import { useMailedApp } from '../test/accounts.ts'
import { BASE_URL, injectAs, sampleListing, type TestUser } from '../test/app.ts'
import { conversationBetween, headerAs, messagesAs } from '../routes/conversations/test-requests.ts'
import { runRoomTakenNotices } from './room-taken-notice.ts'

// A room no longer on offer: each conversation about it gets the event and state "taken", and each person who
// asked one mail, ever (docs/decisions/086). Real SMTP, the real job runner woken by the commit.

const t = useMailedApp()
const runOnce = () =>
  runRoomTakenNotices({ db: t.database.db, mailer: t.app.mailer, log: t.app.log }, { baseUrl: BASE_URL })
async function takenMail(email: string, timeoutMs = 10_000) {
  for (;;) {
    const mail = await t.smtp.next(email, timeoutMs)
    if (/no longer available$/.test(mail.subject ?? '')) return mail
  }
}
const noMoreMail = (email: string) => expect(takenMail(email, 400)).rejects.toThrow(/no mail/)
const setAvailability = (poster: TestUser, listingId: string, availability: string) =>
  injectAs(t.app, poster, {
    method: 'PUT',
    url: `/api/roommate-listings/${listingId}`,
    payload: sampleListing({ title: 'Room by the river', availability }),
  })
const events = async (user: TestUser, id: string) =>
  (await messagesAs(t.app, user, id)).json().messages.filter((m: { kind: string }) => m.kind === 'event')

test('a room turned Not Available: the event, state taken, one mail; back and gone again mails no more', async () => {
  await t.app.jobs.start()
  const { poster, seeker, id, listingId } = await conversationBetween(t)
  expect((await setAvailability(poster, listingId, 'Not Available')).statusCode).toBe(200)

  const mail = await takenMail(seeker.email)
  expect(mail.subject).toBe('“Room by the river” is no longer available')
  expect(mail.text).toContain(`${BASE_URL}/dashboard/messages/${id}`)
  expect(await events(seeker, id)).toMatchObject([{ event: { type: 'room_taken' }, body: '' }])
  expect((await headerAs(t.app, seeker, id)).json().state).toBe('taken')

  await setAvailability(poster, listingId, 'Available')
  expect((await headerAs(t.app, seeker, id)).json().state).toBe('sent')
  await setAvailability(poster, listingId, 'Not Available')
  await runOnce()
  await noMoreMail(seeker.email)
  expect(await events(seeker, id)).toHaveLength(2)
}, 60_000)

test('a listing deleted while a conversation is open: still readable, its title kept, the enquirer told', async () => {
  await t.app.jobs.start()
  const { poster, seeker, id, listingId } = await conversationBetween(t)
  const deleted = await injectAs(t.app, poster, {
    method: 'DELETE',
    url: `/api/roommate-listings/${listingId}`,
  })
  expect(deleted.statusCode).toBe(200)
  expect((await takenMail(seeker.email)).subject).toBe('“Room by the river” is no longer available')
  const header = (await headerAs(t.app, seeker, id)).json()
  expect(header).toMatchObject({
    about: { kind: 'listing', id: null, title: 'Room by the river', available: false },
    state: 'taken',
  })
  expect(await events(poster, id)).toHaveLength(1)
  await runOnce()
  await noMoreMail(seeker.email)
}, 60_000)
