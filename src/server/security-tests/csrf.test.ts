import { beforeAll, describe, expect, test } from 'vitest'
import { EARLY_BIRD, NIGHT_OWL, getProfile, putProfile } from '../routes/living-profile/test-profiles.ts'
import { detailsAs } from '../routes/listings/test-requests.ts'
import {
  BASE_URL,
  createListing,
  injectAs,
  signUp,
  sampleListing,
  useTestApp,
  signUpVerified,
} from '../test/app.ts'
import type { TestUser } from '../test/app.ts'
import { sql } from 'drizzle-orm'
import { selectRows } from '../test/database.ts'
import { headerAs, inboxAs, messagesAs, startAs, unreadAs } from '../routes/conversations/test-requests.ts'
import { createAd, myAdAs, sampleAd } from '../routes/seeker-ads/test-requests.ts'
import { listAs, savedSearchOf } from '../routes/saved-searches/test-requests.ts'
import { unsubscribeToken } from '../saved-searches/saved-view.ts'
import { TEST_ENV } from '../test/app.ts'
import { sampleTimes } from '../routes/viewings/test-requests.ts'
import { expectError } from './helpers.ts'
import { registeredApiRoutes } from './routes.ts'

// A cross-site page can make a browser send a form post or a fetch with the person's cookies. Every write
// must refuse it: the API's own routes and Better Auth's (sign-out, update-user).

const MODERATOR = 'moderator@example.com'
const t = useTestApp({ ADMIN_EMAILS: MODERATOR })
/** A moderator: a forged hide, suspension or dismissal in their name would show. */
let moderator: TestUser
let alice: TestUser
let bob: TestUser
/** Likes the target listing, so a forged unlike of hers would show; has a living profile, so a forged removal would. */
let carol: TestUser
let listingId: string
/** Bob wrote to Alice about her listing: a forged message, read, block or report would show. */
let conversationId: string
let messageId: number
/** Alice's saved search: a forged rename, alert change, seen or delete would show. */
let savedSearchId: string
/** When Alice's listing was confirmed: a forged "Still available" would move it. */
let confirmedAt: string
/** Alice's push device: a forged subscription, kinds change or removal would show. */
let pushId: string
const PUSH_KEYS = {
  p256dh: 'BO43OBzDOsjNebEI7_cHR6iUqvakepBw5SrfCRBQmV8IYrxRYmuEhwNOcfEzKdAv_eTVuj9RxxgngH2XD2g_n5E',
  auth: 'AAAAAAAAAAAAAAAAAAAAAA',
}
/** Carol's room-wanted ad: a forged conversation about it (in her inbox) or hide of it (its hidden reason) would show. */
let adId: string

beforeAll(async () => {
  alice = await signUp(t.app)
  bob = await signUp(t.app)
  carol = await signUp(t.app)
  moderator = await signUpVerified(t, { email: MODERATOR })
  listingId = await createListing(t.app, alice, { title: 'Target' })
  await t.database.db.execute(sql`update "user" set email_verified = true where id = ${bob.id}`)
  conversationId = (await startAs(t.app, bob, listingId, 'Hello Alice')).json().conversationId
  messageId = (await messagesAs(t.app, alice, conversationId)).json().messages[0].id
  await injectAs(t.app, carol, { method: 'PATCH', url: `/api/listings/${listingId}/like`, payload: {} })
  savedSearchId = await savedSearchOf(t.app, alice, 'roomType=Single')
  expect((await putProfile(t.app, carol, NIGHT_OWL)).statusCode).toBe(200)
  adId = await createAd(t.app, carol, { headline: "Carol's ad" })
  confirmedAt = (await detailsAs(t.app, alice, listingId)).json().confirmedAt
  // Written directly: this app calls no push service, and a forged write never reaches the endpoint check.
  ;[{ id: pushId }] = (await selectRows<{ id: string }>(
    t.database,
    sql`insert into push_subscription (user_id, endpoint, p256dh, auth, kinds, device)
      values (${alice.id}, 'https://push.example.com/alice', ${PUSH_KEYS.p256dh}, ${PUSH_KEYS.auth},
        array['messages'], 'Firefox on Linux') returning id`,
  )) as [{ id: string }]
})

type Write = {
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  url: string
  payload?: object
  user: () => TestUser
}
const API_WRITES: Record<string, Write> = {
  'POST /api/roommate-listings': {
    method: 'POST',
    url: '/api/roommate-listings',
    payload: sampleListing(),
    user: () => alice,
  },
  'PUT /api/roommate-listings/:id': {
    method: 'PUT',
    url: '/api/roommate-listings/:id',
    payload: sampleListing({ title: 'X' }),
    user: () => alice,
  },
  'POST /api/roommate-listings/:id/confirm': {
    method: 'POST',
    url: '/api/roommate-listings/:id/confirm',
    payload: {},
    user: () => alice,
  },
  'DELETE /api/roommate-listings/:id': {
    method: 'DELETE',
    url: '/api/roommate-listings/:id',
    user: () => alice,
  },
  'PATCH /api/listings/:id/like': {
    method: 'PATCH',
    url: '/api/listings/:id/like',
    payload: {},
    user: () => bob,
  },
  'DELETE /api/listings/:id/like': {
    method: 'DELETE',
    url: '/api/listings/:id/like',
    user: () => carol,
  },
  'PUT /api/living-profile': {
    method: 'PUT',
    url: '/api/living-profile',
    payload: EARLY_BIRD,
    user: () => alice,
  },
  'DELETE /api/living-profile': {
    method: 'DELETE',
    url: '/api/living-profile',
    user: () => carol,
  },
  'POST /api/users': {
    method: 'POST',
    url: '/api/users',
    payload: { name: 'X', email: '' },
    user: () => alice,
  },
  'POST /api/roommate-listings/:id/photos': {
    method: 'POST',
    url: '/api/roommate-listings/:id/photos',
    payload: {},
    user: () => alice,
  },
  'PUT /api/roommate-listings/:id/photos': {
    method: 'PUT',
    url: '/api/roommate-listings/:id/photos',
    payload: { order: [] },
    user: () => alice,
  },
  'DELETE /api/roommate-listings/:id/photos/:photoId': {
    method: 'DELETE',
    url: '/api/roommate-listings/:id/photos/00000000-0000-4000-8000-000000000000',
    user: () => alice,
  },
  'POST /api/conversations': {
    method: 'POST',
    url: '/api/conversations',
    payload: { listingId: ':id', body: 'Forged' },
    user: () => bob,
  },
  'POST /api/conversations/:id/messages': {
    method: 'POST',
    url: '/api/conversations/:conversation/messages',
    payload: { body: 'Forged' },
    user: () => alice,
  },
  'POST /api/conversations/:id/read': {
    method: 'POST',
    url: '/api/conversations/:conversation/read',
    payload: {},
    user: () => alice,
  },
  'POST /api/conversations/:id/decline': {
    method: 'POST',
    url: '/api/conversations/:conversation/decline',
    payload: { message: 'Forged' },
    user: () => alice,
  },
  'POST /api/conversations/:id/moved-in': {
    method: 'POST',
    url: '/api/conversations/:conversation/moved-in',
    payload: {},
    user: () => alice,
  },
  'POST /api/conversations/:id/moved-in/confirm': {
    method: 'POST',
    url: '/api/conversations/:conversation/moved-in/confirm',
    payload: {},
    user: () => alice,
  },
  'POST /api/reviews': {
    method: 'POST',
    url: '/api/reviews',
    payload: { conversationId: ':conversation', tidy: 1, bills: 1, considerate: 1, communication: 1 },
    user: () => alice,
  },
  'POST /api/reviews/:id/reply': {
    method: 'POST',
    url: '/api/reviews/00000000-0000-4000-8000-000000000000/reply',
    payload: { text: 'Forged' },
    user: () => alice,
  },
  'POST /api/conversations/:id/block': {
    method: 'POST',
    url: '/api/conversations/:conversation/block',
    payload: {},
    user: () => alice,
  },
  'DELETE /api/conversations/:id/block': {
    method: 'DELETE',
    url: '/api/conversations/:conversation/block',
    user: () => alice,
  },
  // Carol has a room-wanted ad: a forged replacement or deletion of it would show.
  'PUT /api/seeker-ad': {
    method: 'PUT',
    url: '/api/seeker-ad',
    payload: sampleAd({ headline: 'Forged' }),
    user: () => carol,
  },
  'DELETE /api/seeker-ad': { method: 'DELETE', url: '/api/seeker-ad', user: () => carol },
  'POST /api/reports': {
    method: 'POST',
    url: '/api/reports',
    payload: { targetKind: 'message', targetId: ':message', reason: 'scam' },
    user: () => alice,
  },
  'POST /api/saved-searches': {
    method: 'POST',
    url: '/api/saved-searches',
    payload: { name: 'Forged', query: '' },
    user: () => alice,
  },
  'PATCH /api/saved-searches/:id': {
    method: 'PATCH',
    url: '/api/saved-searches/:saved',
    payload: { name: 'Forged', alert: 'off' },
    user: () => alice,
  },
  'DELETE /api/saved-searches/:id': {
    method: 'DELETE',
    url: '/api/saved-searches/:saved',
    user: () => alice,
  },
  'POST /api/references/requests': {
    method: 'POST',
    url: '/api/references/requests',
    payload: { refereeEmail: 'sam@example.com', refereeName: 'Sam', relationship: 'flatmate' },
    user: () => alice,
  },
  // The referee's answer needs no session, but is posted from Nestmate's own page: a cross-site post is refused too.
  'POST /api/references/:id': {
    method: 'POST',
    url: '/api/references/forged-token',
    payload: {
      relationship: 'flatmate',
      from: '2024-01',
      to: '2024-02',
      tidy: 1,
      bills: 1,
      considerate: 1,
      communication: 1,
    },
    user: () => alice,
  },
  'PATCH /api/references/:id': {
    method: 'PATCH',
    url: '/api/references/00000000-0000-4000-8000-000000000000',
    payload: { hidden: true },
    user: () => alice,
  },
  'POST /api/saved-searches/:id/seen': {
    method: 'POST',
    url: '/api/saved-searches/:saved/seen',
    payload: {},
    user: () => alice,
  },
  'POST /api/push/subscriptions': {
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: { endpoint: 'https://push.example.com/forged', keys: PUSH_KEYS, kinds: ['messages'] },
    user: () => alice,
  },
  'PATCH /api/push/subscriptions/:id': {
    method: 'PATCH',
    url: '/api/push/subscriptions/:push',
    payload: { kinds: ['alerts'] },
    user: () => alice,
  },
  'DELETE /api/push/subscriptions/:id': {
    method: 'DELETE',
    url: '/api/push/subscriptions/:push',
    user: () => alice,
  },
  'PUT /api/roommate-listings/:id/viewing-times': {
    method: 'PUT',
    url: '/api/roommate-listings/:id/viewing-times',
    payload: sampleTimes(),
    user: () => alice,
  },
  'POST /api/viewings': {
    method: 'POST',
    url: '/api/viewings',
    payload: { listingId: ':id', start: '2030-01-07T10:00:00+01:00' },
    user: () => bob,
  },
  ...Object.fromEntries(
    ['cancel', 'late', 'outcome', 'share'].map((action) => [
      `POST /api/viewings/:id/${action}`,
      {
        method: 'POST',
        url: `/api/viewings/00000000-0000-4000-8000-000000000000/${action}`,
        payload: action === 'late' ? { minutes: 10 } : action === 'outcome' ? { outcome: 'done' } : {},
        user: () => alice,
      } satisfies Write,
    ]),
  ),
  'DELETE /api/viewings/:id/share': {
    method: 'DELETE',
    url: '/api/viewings/00000000-0000-4000-8000-000000000000/share',
    user: () => alice,
  },
  ...Object.fromEntries(
    [
      'listings/:id/hide',
      'listings/:id/unhide',
      'seeker-ads/:ad/hide',
      'seeker-ads/:ad/unhide',
      'references/:id/hide',
      'references/:id/unhide',
      'reviews/:id/hide',
      'reviews/:id/unhide',
      'users/:person/suspend',
      'users/:person/unsuspend',
      'dismiss',
    ].map((path) => [
      `POST /api/moderation/${path.replace(':person', ':id').replace(':ad', ':id')}`,
      {
        method: 'POST',
        url: `/api/moderation/${path}`,
        payload:
          path === 'dismiss'
            ? { targetKind: 'listing', targetId: ':id', reason: 'Forged' }
            : { reason: 'Forged' },
        user: () => moderator,
      } satisfies Write,
    ]),
  ),
}
/**
 * RFC 8058's one-click unsubscribe is meant to be posted cross-site, as a form, by a mail client: it reads no
 * session, and its signed token turns off only the one search it names (tested below).
 */
const ONE_CLICK = 'POST /api/saved-searches/unsubscribe'
const UPLOAD = '/api/roommate-listings/:id/photos'
/** A route's second kind of call, beside its row in API_WRITES: a conversation about an ad, not a listing. */
const SECOND_CALLS: Write[] = [
  {
    method: 'POST',
    url: '/api/conversations',
    payload: { seekerAdId: ':ad', body: 'Forged' },
    user: () => bob,
  },
]
const AUTH_WRITES: Write[] = [
  { method: 'POST', url: '/api/auth/sign-out', payload: {}, user: () => alice },
  { method: 'POST', url: '/api/auth/update-user', payload: { name: 'Forged' }, user: () => alice },
]
/** Fills in the ids: the listing's, the conversation's and its message's, Carol's ad's. */
const filled = (payload: object | undefined) =>
  payload &&
  Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      value === ':id' ? listingId : value === ':message' ? messageId : value === ':ad' ? adId : value,
    ]),
  )
const allWrites = () =>
  [...Object.values(API_WRITES), ...SECOND_CALLS, ...AUTH_WRITES].map((write) => ({
    ...write,
    url: write.url
      .replace(':id', listingId)
      .replace(':conversation', conversationId)
      .replace(':saved', savedSearchId)
      .replace(':push', pushId)
      .replace(':person', alice.id)
      .replace(':ad', adId),
    payload: write.url === '/api/users' ? { name: 'Forged', email: alice.email } : filled(write.payload),
  }))

/** Nothing any of the forged writes would have changed has changed, and Alice is still signed in. */
async function expectNothingChanged() {
  const details = await detailsAs(t.app, alice, listingId)
  expect(details.statusCode).toBe(200)
  expect(details.json()).toMatchObject({ title: 'Target', likes: 1, photos: [], confirmedAt })
  expect((await detailsAs(t.app, carol, listingId)).json()).toMatchObject({ likedByMe: true })
  const session = await injectAs(t.app, alice, { method: 'GET', url: '/api/auth/get-session' })
  expect(session.json().user.name).toBe(alice.name)
  const mine = await injectAs(t.app, alice, { method: 'GET', url: '/api/my-listings' })
  expect(mine.json()).toHaveLength(1)
  expect((await getProfile(t.app, alice)).statusCode).toBe(404)
  expect((await getProfile(t.app, carol)).json()).toMatchObject({ interests: NIGHT_OWL.interests })
  // No message, read, block or report went through.
  expect((await messagesAs(t.app, alice, conversationId)).json().messages).toHaveLength(1)
  expect((await unreadAs(t.app, alice)).json()).toEqual({ conversations: 1, messages: 1 })
  expect((await headerAs(t.app, alice, conversationId)).json()).toMatchObject({ blockedByMe: false })
  expect((await inboxAs(t.app, carol)).json()).toEqual([])
  expect(await selectRows(t.database, sql`select id from report`)).toEqual([])
  expect((await myAdAs(t.app, carol)).json()).toMatchObject({ headline: "Carol's ad", hiddenReason: null })
  // Alice's one saved search, as she saved it.
  expect((await listAs(t.app, alice)).json()).toEqual([
    expect.objectContaining({ _id: savedSearchId, name: 'My search', alert: 'instant' }),
  ])
  // Alice's one push device, as she subscribed it.
  expect((await injectAs(t.app, alice, { method: 'GET', url: '/api/push/subscriptions' })).json()).toEqual([
    expect.objectContaining({ _id: pushId, endpoint: 'https://push.example.com/alice', kinds: ['messages'] }),
  ])
  // No viewing times were set and no viewing booked.
  expect(
    await selectRows(
      t.database,
      sql`select listing_id from viewing_times union all select listing_id from viewing`,
    ),
  ).toEqual([])
  expect(await selectRows(t.database, sql`select id from reference_request`)).toEqual([])
  // No move-in was marked and no review written.
  expect(
    await selectRows(t.database, sql`select id from conversation where moved_in_at is not null`),
  ).toEqual([])
  expect(await selectRows(t.database, sql`select id from review`)).toEqual([])
  // No moderator's decision went through.
  expect(await selectRows(t.database, sql`select id from moderation_action`)).toEqual([])
}

test('the list covers every write route the API registers', () => {
  const writes = registeredApiRoutes(t.app).filter((route) => !route.startsWith('GET '))
  expect(writes).toEqual([...Object.keys(API_WRITES), 'POST /api/auth/*', ONE_CLICK].sort())
})

test('the one-click unsubscribe, posted cross-site as a form with cookies, turns off only its own search', async () => {
  const other = await savedSearchOf(t.app, carol, 'roomType=Studio')
  const forged = `${unsubscribeToken(TEST_ENV.AUTH_SECRET, savedSearchId).replace(savedSearchId, other)}`
  const post = (token: string) =>
    injectAs(t.app, alice, {
      method: 'POST',
      url: `/api/saved-searches/unsubscribe?token=${encodeURIComponent(token)}`,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://evil.example',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'List-Unsubscribe=One-Click',
    })
  // A token of Alice's search with Carol's id in it is refused; Alice's cookie gives it nothing.
  expect((await post(forged)).statusCode).toBe(404)
  expect((await post(unsubscribeToken(TEST_ENV.AUTH_SECRET, other))).statusCode).toBe(200)
  expect((await listAs(t.app, carol)).json()[0]).toMatchObject({ _id: other, alert: 'off' })
  await expectNothingChanged()
})

describe('cross-origin fetches are refused', () => {
  test.each([
    ['an Origin of another site', { origin: 'https://evil.example' }],
    ['an Origin differing only in port', { origin: 'http://localhost:3001' }],
    ['an Origin differing only in scheme', { origin: 'https://localhost:3000' }],
    ['the null Origin (sandboxed frame, data: page)', { origin: 'null' }],
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site', { 'sec-fetch-site': 'same-site' }],
  ])('%s: 403 and nothing changes', async (_name, headers) => {
    for (const { user, ...request } of allWrites()) {
      const response = await injectAs(t.app, user(), { ...request, headers })
      expect(response.statusCode, `${request.method} ${request.url}`).toBe(403)
      expect(response.json().error).toMatch(/.+/)
    }
    await expectNothingChanged()
  })
})

describe('cross-site form posts are refused', () => {
  test.each(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x'])(
    '%s from another site',
    async (contentType) => {
      for (const { user, ...request } of allWrites()) {
        const response = await injectAs(t.app, user(), {
          method: request.method === 'DELETE' ? 'POST' : request.method,
          url: request.url,
          headers: {
            'content-type': contentType,
            origin: 'https://evil.example',
            'sec-fetch-site': 'cross-site',
          },
          payload: 'title=Forged&name=Forged',
        })
        expect([403, 404, 415], `${request.method} ${request.url}`).toContain(response.statusCode)
      }
      await expectNothingChanged()
    },
  )

  test.each(['application/x-www-form-urlencoded', 'text/plain', 'multipart/form-data; boundary=x'])(
    '%s to an API write answers 415 even without Origin',
    async (contentType) => {
      for (const { user, ...request } of allWrites().filter(
        (write) =>
          write.method !== 'DELETE' &&
          !write.url.startsWith('/api/auth/') &&
          !(write.method === 'POST' && write.url === UPLOAD.replace(':id', listingId)),
      )) {
        const response = await t.app.inject({
          method: request.method,
          url: request.url,
          headers: { 'content-type': contentType, cookie: user().cookie },
          payload: 'title=Forged',
        })
        expectError(response, 415, 'Send the body as application/json.')
      }
      await expectNothingChanged()
    },
  )
})

test('the photo upload, which takes a form body, needs a same-origin browser or our Origin', async () => {
  const url = UPLOAD.replace(':id', listingId)
  const headers = { 'content-type': 'multipart/form-data; boundary=x', cookie: alice.cookie }
  const bare = await t.app.inject({ method: 'POST', url, headers, payload: '--x--' })
  expectError(bare, 403, 'Cross-site requests are not allowed.')
  const sameSite = await t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'sec-fetch-site': 'same-site' },
    payload: '--x--',
  })
  expectError(sameSite, 403, 'Cross-site requests are not allowed.')
  for (const type of ['application/x-www-form-urlencoded', 'text/plain', 'application/json']) {
    const response = await injectAs(t.app, alice, {
      method: 'POST',
      url,
      headers: { 'content-type': type },
      payload: 'title=Forged',
    })
    expectError(response, 415, 'Send the photo as multipart/form-data.')
  }
  await expectNothingChanged()
})

test('a percent-encoded path gets the same checks', async () => {
  for (const url of ['/%61pi/roommate-listings', '/api/%72oommate-listings']) {
    const crossSite = await injectAs(t.app, alice, {
      method: 'POST',
      url,
      payload: sampleListing(),
      headers: { origin: 'https://evil.example' },
    })
    expectError(crossSite, 403, /^Cross-site requests are not allowed\./)
    const form = await injectAs(t.app, alice, {
      method: 'POST',
      url,
      payload: 'title=Forged',
      headers: { 'content-type': 'text/plain' },
    })
    expectError(form, 415, 'Send the body as application/json.')
  }
  for (const url of [`/%61pi/listings/${listingId}/like`, '/%61pi/auth/update-user']) {
    const response = await injectAs(t.app, bob, {
      method: url.endsWith('like') ? 'PATCH' : 'POST',
      url,
      payload: { name: 'Forged' },
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(response.statusCode).toBe(403)
  }
  await expectNothingChanged()
})

test('same-origin requests, and requests from non-browser clients without Origin, pass', async () => {
  const sameOrigin = await injectAs(t.app, bob, {
    method: 'POST',
    url: '/api/roommate-listings',
    payload: sampleListing(),
    headers: { 'sec-fetch-site': 'same-origin' },
  })
  expect(sameOrigin.statusCode).toBe(201)
  const noOrigin = await t.app.inject({
    method: 'POST',
    url: '/api/roommate-listings',
    payload: sampleListing(),
    headers: { cookie: bob.cookie },
  })
  expect(noOrigin.statusCode).toBe(201)
  const typed = await injectAs(t.app, bob, {
    method: 'POST',
    url: '/api/roommate-listings',
    payload: JSON.stringify(sampleListing()),
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
  expect(typed.statusCode).toBe(201)
  const rename = await injectAs(t.app, bob, {
    method: 'POST',
    url: '/api/auth/update-user',
    payload: { name: 'Bob' },
    headers: { origin: BASE_URL, 'sec-fetch-site': 'same-origin' },
  })
  expect(rename.statusCode).toBe(200)
})

test('reads are not affected by the origin check', async () => {
  for (const url of ['/api/health', '/api/auth/get-session']) {
    const response = await injectAs(t.app, bob, {
      method: 'GET',
      url,
      headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    })
    expect(response.statusCode).toBe(200)
  }
})
