import { sql } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { injectAs, signUp, useTestApp } from '../../test/app.ts'
import { createAd, putAdAs, sampleAd } from '../seeker-ads/test-requests.ts'
import {
  blockAs,
  conversationBetween,
  headerAs,
  inboxAs,
  messagesAs,
  sendAs,
  startAboutAdAs,
  startAs,
  verifiedUser,
} from './test-requests.ts'

// A poster writes to a seeker about their room-wanted ad (docs/api.md, Conversations).

const t = useTestApp()

describe('POST /api/conversations { seekerAdId }', () => {
  test('a verified poster starts one about an ad; both see "Room wanted in" its town; again reuses it', async () => {
    const seeker = await signUp(t.app)
    const adId = await createAd(t.app, seeker)
    const poster = await verifiedUser(t)
    const first = await startAboutAdAs(t.app, poster, adId, 'I have a room in Mitte.')
    expect(first.statusCode).toBe(201)
    const { conversationId } = first.json()
    const again = await startAboutAdAs(t.app, poster, adId, 'Still free, by the way.')
    expect([again.statusCode, again.json()]).toEqual([200, { conversationId }])

    const about = { kind: 'seekerAd', id: adId, title: 'Room wanted in Berlin' }
    const [entry] = (await inboxAs(t.app, seeker)).json()
    expect(entry).toMatchObject({ id: conversationId, about, unread: 2, lastMessage: { mine: false } })
    expect((await headerAs(t.app, poster, conversationId)).json()).toMatchObject({ about })
    // The ad's details find the caller's conversation about it by the inbox's filter.
    const aboutAd = await inboxAs(t.app, poster, `?seekerAdId=${adId}&limit=1`)
    expect(aboutAd.json().map((entry: { id: string }) => entry.id)).toEqual([conversationId])
    const otherAd = await createAd(t.app, await signUp(t.app))
    expect((await inboxAs(t.app, poster, `?seekerAdId=${otherAd}`)).json()).toEqual([])
    const reply = await sendAs(t.app, seeker, conversationId, 'Lovely, when can I see it?')
    expect(reply.statusCode).toBe(201)
    const page = (await messagesAs(t.app, poster, conversationId)).json()
    expect(page.messages.map((m: { mine: boolean; body: string }) => [m.mine, m.body])).toEqual([
      [true, 'I have a room in Mitte.'],
      [true, 'Still free, by the way.'],
      [false, 'Lovely, when can I see it?'],
    ])
  })

  test('a conversation about an ad and one about a listing between the same two people are two', async () => {
    const { poster, seeker, id } = await conversationBetween(t)
    const adId = await createAd(t.app, seeker)
    await t.database.db.execute(sql`update "user" set email_verified = true where id = ${poster.id}`)
    const aboutAd = await startAboutAdAs(t.app, poster, adId)
    expect(aboutAd.statusCode).toBe(201)
    expect(aboutAd.json().conversationId).not.toBe(id)
    const kinds = (await inboxAs(t.app, seeker))
      .json()
      .map((entry: { about: { kind: string } }) => entry.about.kind)
    expect(kinds).toEqual(['seekerAd', 'listing'])
  })

  test("refuses one's own ad, a paused or deleted ad, an unverified address, and both ids or none", async () => {
    const seeker = await verifiedUser(t)
    const adId = await createAd(t.app, seeker)
    const own = await startAboutAdAs(t.app, seeker, adId)
    expect([own.statusCode, own.json().error]).toEqual([403, "You can't message yourself about your own ad."])
    const unverified = await startAboutAdAs(t.app, await signUp(t.app), adId)
    expect([unverified.statusCode, unverified.json().error]).toEqual([
      403,
      'Verify your e-mail address to start a conversation.',
    ])
    const poster = await verifiedUser(t)
    expect((await putAdAs(t.app, seeker, sampleAd({ status: 'paused' }))).statusCode).toBe(200)
    const paused = await startAboutAdAs(t.app, poster, adId)
    expect([paused.statusCode, paused.json().error]).toEqual([404, 'Ad not found.'])
    expect((await injectAs(t.app, seeker, { method: 'DELETE', url: '/api/seeker-ad' })).statusCode).toBe(200)
    const deleted = await startAboutAdAs(t.app, poster, adId)
    expect([deleted.statusCode, deleted.json().error]).toEqual([404, 'Ad not found.'])
    for (const payload of [{ body: 'Hello' }, { listingId: adId, seekerAdId: adId, body: 'Hello' }]) {
      const response = await injectAs(t.app, poster, { method: 'POST', url: '/api/conversations', payload })
      expect([response.statusCode, response.json().error]).toEqual([
        400,
        'Give listingId or seekerAdId, exactly one of them.',
      ])
    }
    const malformed = await startAboutAdAs(t.app, poster, 'not-an-id')
    expect([malformed.statusCode, malformed.json().error]).toEqual([400, 'Malformed ad id.'])
    expect((await inboxAs(t.app, poster)).json()).toEqual([])
  })

  test('nothing moderation hid takes a new conversation: an ad or a listing answers as if it were gone', async () => {
    const seeker = await signUp(t.app)
    const adId = await createAd(t.app, seeker)
    const { poster, listingId } = await conversationBetween(t)
    const other = await verifiedUser(t)
    await t.database.db.execute(sql`update seeker_ad set hidden_reason = 'moderator' where id = ${adId}`)
    await t.database.db.execute(sql`update listing set hidden_reason = 'reports' where id = ${listingId}`)
    const aboutAd = await startAboutAdAs(t.app, poster, adId)
    expect([aboutAd.statusCode, aboutAd.json().error]).toEqual([404, 'Ad not found.'])
    expect((await startAs(t.app, other, listingId)).statusCode).toBe(404)
  })

  test('a block holds for ads too, and a deleted ad leaves the conversation readable, its title kept', async () => {
    const seeker = await verifiedUser(t)
    const adId = await createAd(t.app, seeker)
    const poster = await verifiedUser(t)
    const { conversationId } = (await startAboutAdAs(t.app, poster, adId)).json()
    expect((await blockAs(t.app, seeker, conversationId)).statusCode).toBe(200)
    const blocked = await startAboutAdAs(t.app, poster, adId)
    expect([blocked.statusCode, blocked.json().error]).toEqual([
      403,
      "This person isn't taking messages from you.",
    ])
    expect((await injectAs(t.app, seeker, { method: 'DELETE', url: '/api/seeker-ad' })).statusCode).toBe(200)
    const header = (await headerAs(t.app, poster, conversationId)).json()
    expect(header).toMatchObject({
      about: {
        kind: 'seekerAd',
        id: null,
        title: expect.stringMatching(/^Room wanted in /),
        available: false,
      },
      blockedMe: true,
    })
    expect((await messagesAs(t.app, poster, conversationId)).json().messages).toHaveLength(1)
  })

  test('a shielded first message to a seeker, as to a poster', async () => {
    const seeker = await signUp(t.app)
    const adId = await createAd(t.app, seeker)
    const poster = await verifiedUser(t)
    const { conversationId } = (await startAboutAdAs(t.app, poster, adId, 'Call me on +49 30 1234567')).json()
    const [message] = (await messagesAs(t.app, seeker, conversationId)).json().messages
    expect(message).toMatchObject({ shielded: true, mine: false })
    // The listing path is unchanged by the second subject.
    expect((await startAs(t.app, poster, adId)).statusCode).toBe(404)
  })
})
