import { expect, test } from 'vitest'
import { injectAs, sampleListing, signUp, useTestApp } from '../test/app.ts'
import { createAd, putAdAs, sampleAd } from '../routes/seeker-ads/test-requests.ts'
import {
  conversationBetween,
  headerAs,
  inboxAs,
  readAs,
  sendAs,
  startAboutAdAs,
  verifiedUser,
} from '../routes/conversations/test-requests.ts'

// Where an enquiry stands, as the inbox and the header answer it for both participants (docs/api.md).

const t = useTestApp()

test('an enquiry goes sent, read, replied, then taken when the room is; both sides see the same state', async () => {
  const { poster, seeker, id, listingId } = await conversationBetween(t)
  const stateOf = async (person = seeker) => {
    const [entry] = (await inboxAs(t.app, person)).json()
    const header = (await headerAs(t.app, person, id)).json()
    expect(header.state).toBe(entry.state)
    expect(header.startedByMe).toBe(entry.startedByMe)
    return { state: entry.state, startedByMe: entry.startedByMe }
  }
  expect(await stateOf()).toEqual({ state: 'sent', startedByMe: true })
  // The enquirer writing again or reading changes nothing.
  await sendAs(t.app, seeker, id, 'Any news?')
  await readAs(t.app, seeker, id)
  expect((await stateOf()).state).toBe('sent')
  await readAs(t.app, poster, id)
  expect(await stateOf()).toEqual({ state: 'read', startedByMe: true })
  await sendAs(t.app, poster, id, 'Yes, come and see it.')
  expect(await stateOf()).toEqual({ state: 'replied', startedByMe: true })
  expect(await stateOf(poster)).toEqual({ state: 'replied', startedByMe: false })

  const notAvailable = await injectAs(t.app, poster, {
    method: 'PUT',
    url: `/api/roommate-listings/${listingId}`,
    payload: sampleListing({ title: 'Room by the river', availability: 'Not Available' }),
  })
  expect(notAvailable.statusCode).toBe(200)
  expect((await stateOf()).state).toBe('taken')
})

test('about a room-wanted ad the poster who wrote is the one enquiring; a paused ad is taken', async () => {
  const writer = await signUp(t.app)
  const adId = await createAd(t.app, writer)
  const poster = await verifiedUser(t)
  const { conversationId } = (await startAboutAdAs(t.app, poster, adId)).json()
  const [mine] = (await inboxAs(t.app, poster)).json()
  const [theirs] = (await inboxAs(t.app, writer)).json()
  expect([mine.state, mine.startedByMe, theirs.startedByMe]).toEqual(['sent', true, false])
  await sendAs(t.app, writer, conversationId, 'Tell me more')
  expect((await headerAs(t.app, poster, conversationId)).json().state).toBe('replied')
  expect((await putAdAs(t.app, writer, sampleAd({ status: 'paused' }))).statusCode).toBe(200)
  expect((await headerAs(t.app, poster, conversationId)).json().state).toBe('taken')
})
