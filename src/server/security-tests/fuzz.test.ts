import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import type { InjectOptions } from 'fastify'
import fc from 'fast-check'
import { beforeAll, describe, expect, test } from 'vitest'
import { z } from 'zod'
import { LikedListingSchema, LikerSchema } from '#shared/likes.ts'
import { BrowseQuerySchema, ListingSchema, NewListingSchema, SORTS } from '#shared/listing.ts'
import { NameSchema, ProfileSchema } from '#shared/user.ts'
import { MessageBodySchema } from '#shared/conversations.ts'
import { getTableColumns, sql } from 'drizzle-orm'
import { listing, listingLike } from '../db/schema/index.ts'
import { selectRows } from '../test/database.ts'
import {
  TEST_ENV,
  BASE_URL,
  createListing,
  signUp,
  sampleListing,
  type TestUser,
  useTestApp,
  signUpVerified,
} from '../test/app.ts'
import { LivingProfileInputSchema, type LivingProfileAnswers } from '#shared/living-profile.ts'
import { encodeProfile } from '../db/profile-codes.ts'
import { EARLY_BIRD, putProfile } from '../routes/living-profile/test-profiles.ts'
import { registeredApiRoutes } from './routes.ts'
import { encodable, HOSTILE_STRINGS } from './schema-arbitrary.ts'
import { sendAs, startAboutAdAs, startAs, verifiedUser } from '../routes/conversations/test-requests.ts'
import { createAd, sampleAd } from '../routes/seeker-ads/test-requests.ts'
import { SEEKER_AD_SORTS } from '#shared/seeker-ad.ts'
import { savedSearchOf } from '../routes/saved-searches/test-requests.ts'

// Random and hostile bodies, params, query strings and headers against every route. The server may refuse them
// in any 4xx way, but never with a 5xx, and nothing it stores may be something the shared schemas would reject.

const RUNS = 150

const hostile = fc.constantFrom(...HOSTILE_STRINGS, '%%%')
const controlChar = fc.integer({ min: 0, max: 0x1f }).map((code) => String.fromCharCode(code))
const text = fc.oneof(
  { arbitrary: hostile, weight: 3 },
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: fc.oneof(controlChar, fc.constantFrom('a', ' ', '<', '"')), maxLength: 8 }),
)
const value = fc.oneof(
  text,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(text, { maxLength: 3 }),
  fc.dictionary(text, text, { maxKeys: 3 }),
)
// Mostly text, so many hostile listings pass validation and get stored; sometimes any other JSON value.
const field = fc.oneof({ arbitrary: text, weight: 4 }, { arbitrary: value, weight: 1 })
/** A listing with some fields valid, some missing and some hostile. */
const listingish = fc
  .record(
    {
      title: field,
      location: field,
      rent: fc.oneof(fc.integer({ min: -1, max: 1_000_001 }), field),
      roomType: fc.oneof(fc.constantFrom('Single', 'Shared', 'Studio'), field),
      lifestyle: field,
      description: field,
      contact: fc.oneof(fc.webUrl(), field),
      number: field,
      availability: field,
      // A real place (Berlin), an unknown id, or anything else.
      placeId: fc.oneof(fc.constant(2950159), fc.integer(), field),
      likes: value,
      ownerId: value,
      userEmail: value,
    },
    { requiredKeys: [] },
  )
  .chain((hostileFields) =>
    fc.subarray(Object.keys(hostileFields)).map((keys) => ({
      ...sampleListing(),
      ...Object.fromEntries(keys.map((key) => [key, hostileFields[key as never]])),
    })),
  )
/** A valid listing with exactly one field replaced: most of these are stored, hostile text and all. */
const oneFieldOff = fc
  .tuple(fc.constantFrom(...Object.keys(sampleListing())), text)
  .map(([key, raw]) => ({ ...sampleListing(), [key]: raw }))
/** A living profile with real question ids and any values, or any keys. */
const answerish = fc.record({ answer: value, accepted: value, importance: value }, { requiredKeys: [] })
const profileish = fc.record(
  {
    answers: fc.oneof(
      fc.dictionary(fc.constantFrom('bedtime', 'smoking', 'pets', 'guests'), answerish, { maxKeys: 4 }),
      fc.dictionary(text, answerish, { maxKeys: 3 }),
      value,
    ),
    interests: fc.oneof(fc.array(fc.constantFrom('cooking', 'hiking', 'music'), { maxLength: 10 }), value),
  },
  { requiredKeys: [] },
)
/** A conversation's first message, a message, or a report: real ids sometimes, any values otherwise. */
const messageish = fc
  .record(
    {
      listingId: fc.oneof(
        fc.nat().map((i) => () => listingIds[i % listingIds.length]),
        value.map((v) => () => v),
      ),
      seekerAdId: fc.oneof(
        fc.nat().map((i) => () => seekerAdIds[i % seekerAdIds.length]),
        value.map((v) => () => v),
      ),
      body: field,
      message: field,
      kind: fc.oneof(fc.constantFrom('text', 'event'), field),
      targetKind: fc.oneof(fc.constant('message'), field),
      targetId: fc.oneof(fc.integer({ min: -1, max: 10 }), fc.constant(2 ** 63), field),
      reason: fc.oneof(fc.constantFrom('scam', 'offensive', 'other'), field),
      note: field,
    },
    { requiredKeys: [] },
  )
  .map(({ listingId, seekerAdId, ...rest }) =>
    JSON.stringify({
      ...rest,
      ...(listingId ? { listingId: listingId() } : {}),
      ...(seekerAdId ? { seekerAdId: seekerAdId() } : {}),
    }),
  )
/** A saved search or a change of one: browse-like queries, real alerts sometimes, any values otherwise. */
const searchish = fc
  .record(
    {
      name: field,
      query: fc.oneof(
        fc.constantFrom(
          'roomType=Single&maxRent=900',
          'near=2950159&radiusKm=10',
          'sort=distance',
          '?minRent=x',
        ),
        fc
          .array(fc.tuple(fc.constantFrom('near', 'minRent', 'q', 'sort', 'moveInBy', 'limit'), text), {
            maxLength: 4,
          })
          .map((pairs) => pairs.map(([key, raw]) => `${key}=${encodable(raw)}`).join('&')),
        value,
      ),
      alert: fc.oneof(fc.constantFrom('instant', 'daily', 'off'), field),
    },
    { requiredKeys: [] },
  )
  .map((b) => JSON.stringify(b))
/** A push subscription or a change of its kinds: endpoints Nestmate must refuse, real-looking keys, any values. */
const pushish = fc
  .record(
    {
      endpoint: fc.oneof(
        fc.constantFrom(
          'https://127.0.0.1/push',
          'http://127.0.0.1:9/push',
          'https://[::1]/push',
          'https://10.0.0.1/push',
          'https://push.invalid/x',
        ),
        value,
      ),
      keys: fc.oneof(
        fc.record({
          p256dh: fc.oneof(fc.constant(TEST_ENV.VAPID_PUBLIC_KEY), value),
          auth: fc.oneof(fc.constant('AAAAAAAAAAAAAAAAAAAAAA'), value),
        }),
        value,
      ),
      kinds: fc.oneof(fc.array(fc.constantFrom('messages', 'viewings', 'alerts', 'x')), value),
    },
    { requiredKeys: [] },
  )
  .map((b) => JSON.stringify(b))
const body = fc.oneof(
  { arbitrary: listingish.map((b) => JSON.stringify(b)), weight: 3 },
  { arbitrary: pushish, weight: 2 },
  { arbitrary: searchish, weight: 3 },
  { arbitrary: messageish, weight: 3 },
  { arbitrary: profileish.map((b) => JSON.stringify(b)), weight: 2 },
  { arbitrary: oneFieldOff.map((b) => JSON.stringify(b)), weight: 6 },
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc
    .record({ name: value, email: value, photo: value, image: value, password: value })
    .map((b) => JSON.stringify(b)),
  text,
  fc.constant('{"title": '),
  fc.constant(`{"__proto__": {"admin": true}, "constructor": {"prototype": {"x": 1}}}`),
  fc.constant('['.repeat(5000)),
)
const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 12 },
  fc.constantFrom(
    'application/json; charset=utf-8',
    'application/JSON',
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=utf-16',
    '',
    '*/*',
  ),
)
/** A browse cursor as a client could craft one: base64url JSON of any value and an id, well-formed or not. */
const craftedCursor = fc
  .tuple(
    fc.oneof(
      fc.double(),
      fc.integer(),
      fc.constantFrom(1e308, -1, 2 ** 31, 1_000_001, '1', 'Nov 23 2026', '2026-02-30T10:00:00.123456Z'),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
      fc.date({ noInvalidDate: true }).map((date) => date.toISOString().replace('Z', '999Z')),
      text,
    ),
    fc.oneof(fc.uuid(), text),
  )
  .map((cursor) => Buffer.from(JSON.stringify(cursor)).toString('base64url'))
const query = fc
  .tuple(
    fc.dictionary(
      fc.oneof(
        fc.constantFrom(...Object.keys(BrowseQuerySchema.shape), 'email'),
        fc.constantFrom('before', 'after', 'listingId'),
        text,
      ),
      // Numbers as a query writes them too: fractions, negatives, huge ones (a fractional rent bound was a 500).
      fc.oneof(text, fc.double().map(String), fc.integer().map(String), fc.array(text, { maxLength: 2 })),
      { maxKeys: 5 },
    ),
    fc.option(fc.record({ sort: fc.constantFrom(...SORTS), cursor: craftedCursor }), { nil: undefined }),
    // Berlin with a radius in and out of range, so near= and sort=distance reach the database.
    fc.option(
      fc.record({ near: fc.constantFrom('2950159', '1', text), radiusKm: fc.oneof(fc.double(), text) }),
      { nil: undefined },
    ),
  )
  .map(([fields, cursor, near]) => ({ ...fields, ...cursor, ...near }))
// What Node's HTTP parser lets through in a header value: tab, visible ASCII, space and bytes 0x80-0xFF.
const headerText = fc.oneof(
  fc.string({
    unit: fc
      .integer({ min: 0x20, max: 0xff })
      .filter((c) => c !== 0x7f)
      .map((c) => String.fromCharCode(c)),
  }),
  hostile.filter((s) => /^[\t\x20-\x7e\x80-\xff]*$/.test(s)),
)
const headers = fc.record(
  {
    accept: fc.constantFrom('*/*', 'text/html', 'application/json', ''),
    cookie: fc.oneof(headerText, fc.constant('better-auth.session_token=forged.signature')),
    'x-forwarded-for': headerText,
    origin: fc.constantFrom(...Array(6).fill(BASE_URL), 'null', 'https://evil.example'),
    'sec-fetch-site': fc.constantFrom(...Array(6).fill('same-origin'), 'none', 'cross-site'),
    'accept-encoding': fc.constantFrom('gzip', 'br', 'deflate', 'identity', 'x'),
    'last-event-id': fc.oneof(fc.constantFrom('0', '1', '999999999999999', '-1', '1e3'), headerText),
  },
  { requiredKeys: [] },
)

const FUZZ_MODERATOR = 'fuzz-moderator@example.com'
// The third person is a moderator, so the moderation routes' own checks are fuzzed too, not only their 403.
const t = useTestApp({ ADMIN_EMAILS: FUZZ_MODERATOR })
let people: TestUser[]
let listingIds: string[]
/** Room-wanted ads, so conversations about an ad are started and fuzzed too. */
let seekerAdIds: string[]
/** Conversations between the people, so the conversation routes reach their statements. */
let conversationIds: string[]
/** Saved searches of the first person (the fuzzer's calls are mostly theirs). */
let savedSearchIds: string[]
beforeAll(async () => {
  people = [await signUp(t.app), await signUp(t.app), await signUpVerified(t, { email: FUZZ_MODERATOR })]
  listingIds = [await createListing(t.app, people[0]!), await createListing(t.app, people[1]!)]
  await t.database.db.execute(sql`update "user" set email_verified = true`)
  seekerAdIds = [await createAd(t.app, people[1]!), await createAd(t.app, people[2]!)]
  conversationIds = [
    (await startAs(t.app, people[1]!, listingIds[0]!)).json().conversationId,
    (await startAs(t.app, people[2]!, listingIds[1]!)).json().conversationId,
    (await startAboutAdAs(t.app, people[0]!, seekerAdIds[0]!)).json().conversationId,
  ]
  savedSearchIds = [
    await savedSearchOf(t.app, people[0]!, 'roomType=Single'),
    await savedSearchOf(t.app, people[1]!, 'near=2950159'),
  ]
})
/** For a saved-search route: a saved search in place of a listing id the fuzzer chose, else its own id. */
const savedSearch = (id: string) => {
  const index = listingIds.indexOf(id)
  return index < 0 ? id : savedSearchIds[index % savedSearchIds.length]!
}
/** For a conversation route: a conversation in place of a listing id the fuzzer chose, else its own id. */
const conversation = (id: string) => {
  const index = listingIds.indexOf(id)
  return index < 0 ? id : conversationIds[index % conversationIds.length]!
}

// Ids of listings that exist (the pool grows as the fuzzer creates some), unknown ones and garbage.
const idParam = () =>
  fc.oneof(
    { arbitrary: fc.nat().map((i) => () => listingIds[i % listingIds.length]!), weight: 3 },
    fc.uuid().map((id) => () => id),
    text.map((raw) => () => encodable(raw)),
    fc.constantFrom('%', '%%%', '%00', '..%2F..', '%E0%A4%A', 'a/b', '..', '.').map((raw) => () => raw),
  )

// Better Auth's writes the web app uses (delete-user is fuzzed too, but never sent a person's real password).
const AUTH_WRITES = [
  ...['update-user', 'sign-in/email', 'sign-up/email', 'sign-in/social', 'sign-out'],
  ...['send-verification-email', 'request-password-reset', 'reset-password', 'change-password'],
]

/** Better Auth's own endpoints most of the time, else whatever the fuzzer made. */
const authPath = (id: string, paths: string[]) =>
  id.length === 36 ? paths[id.charCodeAt(0) % paths.length]! : id

// What to fuzz for each registered route: its URL (with params and query filled in) and whether it has a body.
const ROUTES: Record<string, { url: (id: string, q: string) => string; body: boolean }> = {
  'GET /api/health': { url: (_, q) => `/api/health?${q}`, body: false },
  'GET /api/openapi.json': { url: (_, q) => `/api/openapi.json?${q}`, body: false },
  'GET /api/places': { url: (_, q) => `/api/places?${q}`, body: false },
  'GET /api/config': { url: (_, q) => `/api/config?${q}`, body: false },
  'GET /api/stats': { url: (_, q) => `/api/stats?${q}`, body: false },
  'GET /api/featured-roommates': { url: (_, q) => `/api/featured-roommates?${q}`, body: false },
  'GET /api/roommate-listings': { url: (_, q) => `/api/roommate-listings?${q}`, body: false },
  'POST /api/roommate-listings': { url: (_, q) => `/api/roommate-listings?${q}`, body: true },
  'GET /api/roommate-listings/:id': { url: (id, q) => `/api/roommate-listings/${id}?${q}`, body: false },
  'PUT /api/roommate-listings/:id': { url: (id, q) => `/api/roommate-listings/${id}?${q}`, body: true },
  'PATCH /api/listings/:id/like': { url: (id, q) => `/api/listings/${id}/like?${q}`, body: true },
  'DELETE /api/listings/:id/like': { url: (id, q) => `/api/listings/${id}/like?${q}`, body: true },
  'GET /api/my-likes': { url: (_, q) => `/api/my-likes?${q}`, body: false },
  'GET /api/my-listings': { url: (_, q) => `/api/my-listings?${q}`, body: false },
  'GET /api/my-listings/:id/likers': { url: (id, q) => `/api/my-listings/${id}/likers?${q}`, body: false },
  'GET /api/users': { url: (_, q) => `/api/users?${q}`, body: false },
  'POST /api/users': { url: (_, q) => `/api/users?${q}`, body: true },
  'GET /api/people/:id': { url: (id, q) => `/api/people/${id}?${q}`, body: false },
  'GET /api/living-profile': { url: (_, q) => `/api/living-profile?${q}`, body: false },
  'PUT /api/living-profile': { url: (_, q) => `/api/living-profile?${q}`, body: true },
  'DELETE /api/living-profile': { url: (_, q) => `/api/living-profile?${q}`, body: true },
  'DELETE /api/roommate-listings/:id': { url: (id, q) => `/api/roommate-listings/${id}?${q}`, body: true },
  'POST /api/roommate-listings/:id/confirm': {
    url: (id, q) => `/api/roommate-listings/${id}/confirm?${q}`,
    body: true,
  },
  // Random bodies and types here; real and broken pictures in routes/photos/photos.test.ts.
  'POST /api/roommate-listings/:id/photos': {
    url: (id, q) => `/api/roommate-listings/${id}/photos?${q}`,
    body: true,
  },
  'PUT /api/roommate-listings/:id/photos': {
    url: (id, q) => `/api/roommate-listings/${id}/photos?${q}`,
    body: true,
  },
  'DELETE /api/roommate-listings/:id/photos/:photoId': {
    url: (id, q) => `/api/roommate-listings/${id}/photos/${id}?${q}`,
    body: true,
  },
  'GET /api/conversations': { url: (_, q) => `/api/conversations?${q}`, body: false },
  'POST /api/conversations': { url: (_, q) => `/api/conversations?${q}`, body: true },
  'GET /api/conversations/:id': {
    url: (id, q) => `/api/conversations/${conversation(id)}?${q}`,
    body: false,
  },
  'GET /api/conversations/:id/messages': {
    url: (id, q) => `/api/conversations/${conversation(id)}/messages?${q}`,
    body: false,
  },
  'POST /api/conversations/:id/messages': {
    url: (id, q) => `/api/conversations/${conversation(id)}/messages?${q}`,
    body: true,
  },
  'POST /api/conversations/:id/read': {
    url: (id, q) => `/api/conversations/${conversation(id)}/read?${q}`,
    body: true,
  },
  'POST /api/conversations/:id/decline': {
    url: (id, q) => `/api/conversations/${conversation(id)}/decline?${q}`,
    body: true,
  },
  'POST /api/conversations/:id/block': {
    url: (id, q) => `/api/conversations/${conversation(id)}/block?${q}`,
    body: true,
  },
  'POST /api/conversations/:id/moved-in': {
    url: (id, q) => `/api/conversations/${conversation(id)}/moved-in?${q}`,
    body: true,
  },
  'POST /api/conversations/:id/moved-in/confirm': {
    url: (id, q) => `/api/conversations/${conversation(id)}/moved-in/confirm?${q}`,
    body: true,
  },
  'POST /api/reviews': { url: (_, q) => `/api/reviews?${q}`, body: true },
  'POST /api/reviews/:id/reply': { url: (id, q) => `/api/reviews/${id}/reply?${q}`, body: true },
  'DELETE /api/conversations/:id/block': {
    url: (id, q) => `/api/conversations/${conversation(id)}/block?${q}`,
    body: true,
  },
  'GET /api/unread': { url: (_, q) => `/api/unread?${q}`, body: false },
  // An event stream that opens never ends: its answer is read as a stream (below).
  'GET /api/live': { url: (_, q) => `/api/live?${q}`, body: false },
  'POST /api/reports': { url: (_, q) => `/api/reports?${q}`, body: true },
  'GET /api/seeker-ad': { url: (_, q) => `/api/seeker-ad?${q}`, body: false },
  'PUT /api/seeker-ad': { url: (_, q) => `/api/seeker-ad?${q}`, body: true },
  'DELETE /api/seeker-ad': { url: (_, q) => `/api/seeker-ad?${q}`, body: true },
  'GET /api/seeker-ads': { url: (_, q) => `/api/seeker-ads?${q}`, body: false },
  'GET /api/seeker-ads/:id': { url: (id, q) => `/api/seeker-ads/${id}?${q}`, body: false },
  'GET /api/roommate-listings/:id/seekers': {
    url: (id, q) => `/api/roommate-listings/${id}/seekers?${q}`,
    body: false,
  },
  'GET /api/saved-searches': { url: (_, q) => `/api/saved-searches?${q}`, body: false },
  'POST /api/saved-searches': { url: (_, q) => `/api/saved-searches?${q}`, body: true },
  'PATCH /api/saved-searches/:id': {
    url: (id, q) => `/api/saved-searches/${savedSearch(id)}?${q}`,
    body: true,
  },
  'DELETE /api/saved-searches/:id': {
    url: (id, q) => `/api/saved-searches/${savedSearch(id)}?${q}`,
    body: true,
  },
  'POST /api/saved-searches/:id/seen': {
    url: (id, q) => `/api/saved-searches/${savedSearch(id)}/seen?${q}`,
    body: true,
  },
  'GET /api/saved-searches/unsubscribe': {
    url: (id, q) => `/api/saved-searches/unsubscribe?token=${savedSearch(id)}.${encodable(q)}&${q}`,
    body: false,
  },
  'POST /api/saved-searches/unsubscribe': {
    url: (id, q) => `/api/saved-searches/unsubscribe?token=${savedSearch(id)}.${encodable(q)}&${q}`,
    body: true,
  },
  'GET /api/push/public-key': { url: (_, q) => `/api/push/public-key?${q}`, body: false },
  'GET /api/push/subscriptions': { url: (_, q) => `/api/push/subscriptions?${q}`, body: false },
  'POST /api/push/subscriptions': { url: (_, q) => `/api/push/subscriptions?${q}`, body: true },
  'PATCH /api/push/subscriptions/:id': { url: (id, q) => `/api/push/subscriptions/${id}?${q}`, body: true },
  'DELETE /api/push/subscriptions/:id': { url: (id, q) => `/api/push/subscriptions/${id}?${q}`, body: true },
  'POST /api/references/requests': { url: (_, q) => `/api/references/requests?${q}`, body: true },
  'GET /api/references/mine': { url: (_, q) => `/api/references/mine?${q}`, body: false },
  'GET /api/references/:id': { url: (id, q) => `/api/references/${encodable(id)}?${q}`, body: false },
  'POST /api/references/:id': { url: (id, q) => `/api/references/${encodable(id)}?${q}`, body: true },
  'PATCH /api/references/:id': { url: (id, q) => `/api/references/${id}?${q}`, body: true },
  'GET /api/moderation/status': { url: (_, q) => `/api/moderation/status?${q}`, body: false },
  'GET /api/moderation/queue': { url: (_, q) => `/api/moderation/queue?${q}`, body: false },
  'GET /api/moderation/actions': { url: (_, q) => `/api/moderation/actions?${q}`, body: false },
  'POST /api/moderation/listings/:id/hide': {
    url: (id, q) => `/api/moderation/listings/${id}/hide?${q}`,
    body: true,
  },
  'POST /api/moderation/listings/:id/unhide': {
    url: (id, q) => `/api/moderation/listings/${id}/unhide?${q}`,
    body: true,
  },
  'POST /api/moderation/seeker-ads/:id/hide': {
    url: (id, q) => `/api/moderation/seeker-ads/${id}/hide?${q}`,
    body: true,
  },
  'POST /api/moderation/seeker-ads/:id/unhide': {
    url: (id, q) => `/api/moderation/seeker-ads/${id}/unhide?${q}`,
    body: true,
  },
  ...Object.fromEntries(
    ['references', 'reviews'].flatMap((kind) =>
      ['hide', 'unhide'].map((action) => [
        `POST /api/moderation/${kind}/:id/${action}`,
        { url: (id: string, q: string) => `/api/moderation/${kind}/${id}/${action}?${q}`, body: true },
      ]),
    ),
  ),
  'POST /api/moderation/users/:id/suspend': {
    url: (id, q) => `/api/moderation/users/${id}/suspend?${q}`,
    body: true,
  },
  'POST /api/moderation/users/:id/unsuspend': {
    url: (id, q) => `/api/moderation/users/${id}/unsuspend?${q}`,
    body: true,
  },
  'POST /api/moderation/dismiss': { url: (_, q) => `/api/moderation/dismiss?${q}`, body: true },
  'GET /api/roommate-listings/:id/viewing-times': {
    url: (id, q) => `/api/roommate-listings/${id}/viewing-times?${q}`,
    body: false,
  },
  'PUT /api/roommate-listings/:id/viewing-times': {
    url: (id, q) => `/api/roommate-listings/${id}/viewing-times?${q}`,
    body: true,
  },
  'GET /api/viewings': { url: (_, q) => `/api/viewings?${q}`, body: false },
  'POST /api/viewings': { url: (_, q) => `/api/viewings?${q}`, body: true },
  'GET /api/viewings/:id': { url: (id, q) => `/api/viewings/${id}?${q}`, body: false },
  'GET /api/viewings/:id/calendar.ics': {
    url: (id, q) => `/api/viewings/${id}/calendar.ics?${q}`,
    body: false,
  },
  ...Object.fromEntries(
    ['cancel', 'late', 'outcome', 'share'].map((action) => [
      `POST /api/viewings/:id/${action}`,
      { url: (id: string, q: string) => `/api/viewings/${id}/${action}?${q}`, body: true },
    ]),
  ),
  'DELETE /api/viewings/:id/share': { url: (id, q) => `/api/viewings/${id}/share?${q}`, body: true },
  'GET /api/shared-viewings/:id': {
    url: (id, q) => `/api/shared-viewings/${encodable(id)}?${q}`,
    body: false,
  },
  // Last: a fuzzed sign-out would make the routes after it anonymous.
  'GET /api/auth/*': {
    url: (id, q) =>
      `/api/auth/${authPath(id, ['get-session', 'callback/google', 'verify-email', `reset-password/${id}`])}?${q}`,
    body: false,
  },
  'POST /api/auth/*': {
    url: (id, q) => `/api/auth/${authPath(id, [...AUTH_WRITES, 'delete-user'])}?${q}`,
    body: true,
  },
}

/** The answer's JSON, decompressed when a fuzzed Accept-Encoding made a long one (a refusal listing every issue) compressed. */
function decodedJson(response: { rawPayload: Buffer; headers: Record<string, unknown> }): unknown {
  const encoding = response.headers['content-encoding']
  const raw = response.rawPayload
  const body = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
  return JSON.parse(body.toString('utf8'))
}

/** The live stream: an event stream that is then dropped, or a refusal in the API's shape; never a 5xx. */
async function expectStreamOrError(request: InjectOptions) {
  const response = await t.app.inject({ ...request, payloadAsStream: true })
  const stream = response.stream()
  if (response.statusCode === 200) {
    expect(response.headers['content-type']).toBe('text/event-stream; charset=utf-8')
    stream.destroy()
    return
  }
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  const raw = Buffer.concat(chunks)
  if (response.statusCode >= 500) throw new Error(`${response.statusCode} ${raw.toString().slice(0, 300)}`)
  expect(decodedJson({ rawPayload: raw, headers: response.headers })).toEqual(
    expect.objectContaining({ error: expect.any(String) }),
  )
}

test('every registered route is fuzzed', () => {
  expect(Object.keys(ROUTES).sort()).toEqual(registeredApiRoutes(t.app))
})

describe.each(Object.entries(ROUTES))('%s', (route, { url, body: hasBody }) => {
  const method = route.split(' ')[0] as InjectOptions['method']
  test(`${RUNS} random requests: never a 5xx, errors in the API shape`, async () => {
    await fc.assert(
      fc.asyncProperty(
        idParam(),
        query,
        headers,
        fc.option(body, { nil: undefined }),
        contentType,
        fc.integer({ min: -1, max: people.length - 1 }),
        async (idOf, q, extraHeaders, payload, type, who) => {
          const id = idOf()
          const caller = people[who]
          const request: InjectOptions = {
            method,
            url: url(id, new URLSearchParams(q as Record<string, string>).toString()),
            headers: {
              ...extraHeaders,
              ...(caller ? { cookie: caller.cookie } : {}),
              ...(hasBody && payload !== undefined ? { 'content-type': type } : {}),
            },
            ...(hasBody && payload !== undefined ? { payload } : {}),
          }
          if (route === 'GET /api/live') return expectStreamOrError(request)
          const response = await t.app.inject(request)
          if (response.statusCode === 201 && route === 'POST /api/roommate-listings')
            listingIds.push(response.json().insertedId)
          if (response.statusCode >= 500)
            throw new Error(`${response.statusCode} ${response.body.slice(0, 300)}`)
          if (response.statusCode >= 400 && !route.includes('/auth/')) {
            expect(decodedJson(response)).toEqual(expect.objectContaining({ error: expect.any(String) }))
          }
        },
      ),
      { numRuns: RUNS },
    )
  })
})

test('each hostile string in each listing and profile field: stored as given or refused, never a 5xx', async () => {
  // A fresh person: the fuzzer may have signed the others out.
  const owner = await signUp(t.app)
  const ownId = await createListing(t.app, owner)
  // A verified writer in a conversation about that listing: each string is sent as a message too.
  const writer = await verifiedUser(t)
  const started = await startAs(t.app, writer, ownId)
  expect(started.statusCode, started.body).toBe(201)
  const conversationId = started.json<{ conversationId: string }>().conversationId
  const write = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.app.inject({ method, url, headers: { origin: BASE_URL, cookie: owner.cookie }, payload })
  for (const raw of HOSTILE_STRINGS) {
    for (const key of Object.keys(sampleListing())) {
      const created = await write('POST', '/api/roommate-listings', sampleListing({ [key]: raw }))
      expect(created.statusCode, `${key} = ${JSON.stringify(raw.slice(0, 20))}`).toBeLessThan(500)
      expect(created.statusCode).not.toBe(401)
      if (created.statusCode === 201) listingIds.push(created.json().insertedId)
      const updated = await write('PUT', `/api/roommate-listings/${ownId}`, sampleListing({ [key]: raw }))
      expect(updated.statusCode, `PUT ${key}`).toBeLessThan(500)
    }
    for (const [url, payload] of [
      ['/api/auth/update-user', { name: raw }],
      ['/api/auth/update-user', { name: 'Pat', image: `https://a.example/${raw}` }],
      ['/api/users', { name: raw, email: owner.email, photo: `https://a.example/${raw}` }],
      ['/api/auth/request-password-reset', { email: raw }],
      ['/api/auth/send-verification-email', { email: raw }],
      ['/api/auth/reset-password', { token: raw, newPassword: raw }],
      ['/api/auth/change-password', { currentPassword: raw, newPassword: raw }],
    ] as const) {
      expect(
        (await write('POST', url, payload)).statusCode,
        `${url} ${JSON.stringify(payload)}`,
      ).toBeLessThan(500)
    }
    const sent = await sendAs(t.app, writer, conversationId, raw)
    expect(sent.statusCode, `message ${JSON.stringify(raw.slice(0, 20))}`).toBeLessThan(500)
    for (const key of Object.keys(sampleAd())) {
      const ad = await write('PUT', '/api/seeker-ad', sampleAd({ [key]: raw }))
      expect(ad.statusCode, `seeker ad ${key}`).toBeLessThan(500)
    }
    const ads = await t.app.inject({
      method: 'GET',
      url: `/api/seeker-ads?${new URLSearchParams({ near: raw })}`,
    })
    expect(ads.statusCode, `near = ${JSON.stringify(raw.slice(0, 20))}`).toBeLessThan(500)
    const entry = { answer: 'early', accepted: ['early'], importance: 'very' }
    for (const payload of [
      { answers: { [raw]: entry } },
      { answers: { bedtime: { ...entry, answer: raw } } },
      { answers: { bedtime: { ...entry, accepted: [raw] } } },
      { answers: { bedtime: { ...entry, importance: raw } } },
      { answers: {}, interests: [raw] },
    ]) {
      const saved = await write('PUT', '/api/living-profile', payload)
      expect(saved.statusCode, `living profile ${JSON.stringify(payload).slice(0, 60)}`).toBeLessThan(500)
    }
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/roommate-listings?${new URLSearchParams({ q: raw })}`,
    })
    expect(search.statusCode, `q = ${JSON.stringify(raw.slice(0, 20))}`).toBeLessThan(500)
  }
})

test(`${RUNS * 2} crafted browse cursors: a page or 400 Malformed cursor, never a 5xx`, async () => {
  // Someone with a living profile, so every sort (best match too) reads its cursor.
  const reader = await signUp(t.app)
  await putProfile(t.app, reader, EARLY_BIRD)
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...SORTS), craftedCursor, async (sort, cursor) => {
      const response = await t.app.inject({
        method: 'GET',
        // Nearest first measures from a place (Berlin); without one it is refused before the cursor is read.
        url: `/api/roommate-listings?${new URLSearchParams({ sort, cursor, ...(sort === 'distance' ? { near: '2950159' } : {}) })}`,
        headers: { cookie: reader.cookie },
      })
      if (response.statusCode !== 200) {
        expect(response.statusCode, response.body).toBe(400)
        // Over 200 characters the query schema refuses it first, naming the field in `issues`.
        expect(response.json()).toMatchObject({ error: 'Malformed cursor.' })
      }
    }),
    { numRuns: RUNS * 2 },
  )
})

test(`${RUNS} crafted room-wanted cursors: a page or 400 Malformed cursor, never a 5xx`, async () => {
  const reader = await signUp(t.app)
  await putProfile(t.app, reader, EARLY_BIRD)
  const owner = await signUp(t.app)
  const listingId = await createListing(t.app, owner, { placeId: 2950159 })
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...SEEKER_AD_SORTS), craftedCursor, async (sort, cursor) => {
      for (const [url, who] of [
        [`/api/seeker-ads?${new URLSearchParams({ sort, cursor })}`, reader],
        [`/api/roommate-listings/${listingId}/seekers?${new URLSearchParams({ cursor })}`, owner],
      ] as const) {
        const response = await t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie } })
        if (response.statusCode !== 200) {
          expect(response.statusCode, response.body).toBe(400)
          expect(response.json()).toMatchObject({ error: 'Malformed cursor.' })
        }
      }
    }),
    { numRuns: RUNS },
  )
})

test('JSON bodies that are not objects: refused, never a 5xx', async () => {
  const person = await signUp(t.app)
  const writes = [
    'POST /api/roommate-listings',
    `PUT /api/roommate-listings/${listingIds[0]}`,
    `PATCH /api/listings/${listingIds[1]}/like`,
    `DELETE /api/listings/${listingIds[1]}/like`,
    'POST /api/users',
    'POST /api/conversations',
    `POST /api/conversations/${conversationIds[0]}/messages`,
    `POST /api/conversations/${conversationIds[0]}/read`,
    `POST /api/conversations/${conversationIds[0]}/block`,
    `POST /api/conversations/${conversationIds[0]}/decline`,
    'POST /api/reports',
    'PUT /api/seeker-ad',
    `POST /api/moderation/listings/${listingIds[0]}/hide`,
    'POST /api/moderation/dismiss',
    `PUT /api/roommate-listings/${listingIds[0]}/viewing-times`,
    'POST /api/viewings',
    ...[...AUTH_WRITES, 'delete-user'].map((p) => `POST /api/auth/${p}`),
  ]
  for (const write of writes) {
    const [method, url] = write.split(' ') as ['POST', string]
    for (const payload of ['0', '"x"', 'true', 'null', '[]', '[{}]']) {
      const response = await t.app.inject({
        method,
        url,
        headers: { origin: BASE_URL, cookie: person.cookie, 'content-type': 'application/json' },
        payload,
      })
      expect(response.statusCode, `${write} ${payload}`).toBeLessThan(500)
    }
  }
})

describe('after fuzzing, everything stored is valid', () => {
  test('every message is text the message schema would store, and every side counts what it has unread', async () => {
    const messages = await selectRows<{ body: string }>(
      t.database,
      "select body from message where kind = 'text'",
    )
    expect(messages.length).toBeGreaterThan(2)
    for (const { body } of messages) expect(MessageBodySchema.parse(body)).toBe(body)
    const sides = await selectRows<{ unread: number; counted: number }>(
      t.database,
      `select side.unread, (select count(*)::int from message m where m.conversation_id = side.conversation_id
        and m.id > side.read_id and m.kind = 'text' and m.sender_id <> side.user_id) as counted from conversation_member side`,
    )
    for (const side of sides) expect(side.unread).toBe(side.counted)
  })

  test('every listing row parses with the shared schemas and is what the schema would store', async () => {
    const rows = await t.database.db
      .select({
        listing: getTableColumns(listing),
        likeRows: sql<number>`(select count(*)::int from ${listingLike} where ${listingLike.listingId} = ${listing.id})`,
      })
      .from(listing)
    expect(rows.length).toBeGreaterThan(50)
    // What a client writes, as the schema declares it; the place's columns come from the gazetteer instead.
    const written = Object.keys(NewListingSchema.shape).filter((key) => key !== 'placeId')
    for (const { listing: row, likeRows } of rows) {
      const input = Object.fromEntries(written.map((key) => [key, row[key as keyof typeof row]]))
      // Stored values are a fixed point of the input schema: already trimmed, bounded, canonical.
      expect(NewListingSchema.parse(input)).toEqual(input)
      expect(row.likes).toBe(likeRows)
    }
  })

  test("every person's listings and the browse pages parse with the answer schemas", async () => {
    for (const person of people) {
      const mine = await t.app.inject({
        method: 'GET',
        url: '/api/my-listings',
        headers: { cookie: person.cookie },
      })
      if (mine.statusCode === 401) continue // the fuzzer signed this person out
      z.array(ListingSchema).parse(mine.json())
      const liked = await t.app.inject({
        method: 'GET',
        url: '/api/my-likes',
        headers: { cookie: person.cookie },
      })
      z.array(LikedListingSchema).parse(liked.json())
      for (const { _id } of mine.json<{ _id: string }[]>()) {
        const likers = await t.app.inject({
          method: 'GET',
          url: `/api/my-listings/${_id}/likers`,
          headers: { cookie: person.cookie },
        })
        z.array(LikerSchema).parse(likers.json())
      }
    }
    const page = await t.app.inject({ method: 'GET', url: '/api/roommate-listings?limit=100' })
    expect(page.statusCode).toBe(200)
  })

  test('every living profile parses with the input schema, and its masks are its answers encoded', async () => {
    const rows = await selectRows<Record<string, unknown>>(t.database, 'select * from living_profile')
    expect(rows.length).toBeGreaterThan(0)
    for (const row of rows) {
      const input = { answers: row.answers, interests: row.interests }
      expect(LivingProfileInputSchema.parse(input)).toEqual(input)
      const codes = encodeProfile(row.answers as LivingProfileAnswers, row.interests as string[])
      expect(Number(row.answer_bits)).toBe(codes.answerBits)
      expect(Number(row.accepted_bits)).toBe(codes.acceptedBits)
      expect(Number(row.weight250_bits)).toBe(codes.weight250Bits)
      expect(Number(row.interest_bits)).toBe(codes.interestBits)
    }
  })

  test('every user row has a name and photo the profile schema accepts', async () => {
    const users = await selectRows<{ name: string; image: string | null }>(
      t.database,
      'select name, image from "user"',
    )
    for (const user of users) {
      NameSchema.parse(user.name)
      expect(NameSchema.parse(user.name)).toBe(user.name)
      ProfileSchema.shape.photo.parse(user.image ?? '')
    }
  })
})
