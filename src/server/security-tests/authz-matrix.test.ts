import { randomUUID } from 'node:crypto'
import Fastify, { type InjectOptions } from 'fastify'
import sharp from 'sharp'
import { describe, expect, test } from 'vitest'
import { multipart } from '../photos/test-images.ts'
import { uploadAs } from '../routes/photos/test-requests.ts'
import { publicCacheRoutes, registerCacheControl } from '../plugins/cache-control.ts'
import { registerRouteAuth, routeAuthDeclarations } from '../plugins/route-auth.ts'
import { createListing, injectAs, signUp, type TestUser, useTestApp, signUpVerified } from '../test/app.ts'
import { compareProfiles, type Profile } from '#shared/match.ts'
import { sampleFacts } from '#shared/fact-table.ts'
import { LISTING_FACTS } from '#shared/listing-facts.ts'
import { EARLY_BIRD, NIGHT_OWL, putProfile } from '../routes/living-profile/test-profiles.ts'
import { registeredApiRoutes, undeclaredApiRoutes } from './routes.ts'
import { sql } from 'drizzle-orm'
import { messagesAs, startAs } from '../routes/conversations/test-requests.ts'
import { BERLIN, createAd, sampleAd } from '../routes/seeker-ads/test-requests.ts'
import { savedSearchOf } from '../routes/saved-searches/test-requests.ts'
import { unsubscribeToken } from '../saved-searches/saved-view.ts'
import { createReferencesRepository } from '../routes/references/references-repository.ts'
import { TEST_ENV } from '../test/app.ts'
import { bookAs, putTimesAs, sampleTimes, slotFrom } from '../routes/viewings/test-requests.ts'
import { CHANGE_REFUSALS, SHARE_REFUSALS } from '../routes/viewings/refusals.ts'
import { selectRows } from '../test/database.ts'

// Every API route × {anonymous, another person, the owner}: the exact status and body, and which of the owner's
// private fields (phone number, e-mail) the answer may carry. One table; a route missing from it fails the suite.

type Who = 'anonymous' | 'stranger' | 'owner'
type Ctx = {
  owner: TestUser
  stranger: TestUser
  listingId: string
  phone: string
  photoId?: string
  /** A conversation a verified seeker started about the owner's listing, and its first message. */
  conversationId?: string
  messageId?: number
  /** The owner's room-wanted ad. */
  adId?: string
  /** A search the owner saved. */
  savedSearchId?: string
  /** A device the owner subscribed to pushes. */
  pushId?: string
  /** A viewing of the owner's listing a verified seeker booked. */
  viewingId?: string
  /** The token of the link the seeker made to share the viewing. */
  shareToken?: string
  /** The link token of a reference the owner asked for, and a reference written about them. */
  referenceToken?: string
  referenceId?: string
  /** A published review of the owner by the enquirer they moved in with. */
  reviewId?: string
}
type Private = 'phone' | 'email'
type Cell = { status: number; body: (ctx: Ctx) => unknown; reveals?: Private[] }
type Row = {
  route: string
  name?: string
  /** What happens before the call, through the API (a like, say). */
  given?: (ctx: Ctx) => Promise<unknown>
  request: (ctx: Ctx) => InjectOptions
  cells: Record<Who, Cell>
  /** An event stream: its answer is read up to its first unread counts (the body compared is their data). */
  stream?: boolean
}

const SIGN_IN = () => ({ error: 'Sign in to continue.' })
const anyString = expect.any(String)
const anyNumber = expect.any(Number)
const same = (cell: Cell): Record<Who, Cell> => ({ anonymous: cell, stranger: cell, owner: cell })
const bySession = (anonymous: Cell, signedIn: Cell): Record<Who, Cell> => ({
  anonymous,
  stranger: signedIn,
  owner: signedIn,
})
const anonymous401: Cell = { status: 401, body: SIGN_IN }
// Better Auth's refusals: its { message, code } with the API's `error` beside them.
const authError = (code: string) => ({ error: anyString, message: anyString, code })

/** The poster's badges (decision 096): the matrix's owner has none. */
const NO_BADGES = { ownerVerified: false, referenceCount: 0, replyRate: null, replyHours: null }
const summary = (ctx: Ctx) => ({
  _id: ctx.listingId,
  title: 'Matrix room',
  location: 'Portland, OR',
  rent: 850,
  roomType: 'Single',
  lifestyle: 'Early riser, quiet evenings',
  availability: 'Available',
  userName: ctx.owner.name,
  likes: 0,
  createdAt: anyString,
  confirmedAt: anyString,
  ...{ placeId: null, placeName: null, lat: null, lon: null },
  cover: null,
  isExample: false,
  advertiser: 'flatmate',
  ...NO_BADGES,
})
const full = (ctx: Ctx, extra: object) => ({
  ...summary(ctx),
  description: 'A bright room in a calm shared flat.',
  contact: 'https://facebook.com/nestmate.tester',
  userEmail: ctx.owner.email,
  // The listing was written from the sample (test/app.ts createListing): its household facts come back as sent.
  ...sampleFacts(LISTING_FACTS),
  updatedAt: anyString,
  ...extra,
})
const NO_PROFILE = { error: 'You have no living profile yet.' }
const savedProfile = { version: 1, ...EARLY_BIRD, updatedAt: anyString }

/** Details name their poster (their profile's id) and the poster's response stats (none yet here). */
const poster = (ctx: Ctx) => ({ ownerId: ctx.owner.id, replyRate: null, replyHours: null })
/** Details when neither person has a living profile. */
const noMatch = { match: null, hasLivingProfile: false }
/** What someone who hasn't liked the listing sees: no phone, no e-mail. */
const withoutContacts = (ctx: Ctx, extra: object) => {
  const { userEmail: _email, ...rest } = full(ctx, extra)
  return rest
}
const listingBody = {
  ...{ title: 'Edited', location: 'Leeds', rent: 500, roomType: 'Studio' },
  ...{ contact: 'a.example', advertiser: 'live_out_landlord' },
}
const photoAnswer = {
  id: anyString,
  url: anyString,
  srcset: anyString,
  width: 64,
  height: 48,
  placeholder: anyString,
}
const photoFile = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#3f7d6e' } })
  .png()
  .toBuffer()
/** The owner adds a photo to the listing; its id goes into ctx.photoId. */
const ownerAddsPhoto = async (ctx: Ctx) => {
  const response = await uploadAs(t.app, ctx.owner, ctx.listingId, photoFile)
  ctx.photoId = response.json().photo.id
}
const NOT_YOUR_PHOTOS = {
  status: 403,
  body: () => ({ error: 'You can only change the photos of your own listings.' }),
}

/** The stranger likes the owner's listing. */
const strangerLikes = (ctx: Ctx) =>
  injectAs(t.app, ctx.stranger, { method: 'PATCH', url: `/api/listings/${ctx.listingId}/like`, payload: {} })

const publicUser = (user: TestUser, withEmail: boolean) => ({
  _id: user.id,
  name: user.name,
  photo: '',
  ...(withEmail ? { email: user.email } : {}),
  creationTime: anyString,
  lastSignInTime: anyString,
})

/** A verified seeker writes to the owner about the listing: the owner takes part in the conversation, the stranger not. */
const seekerWrites = async (ctx: Ctx) => {
  const seeker = await signUp(t.app)
  await t.database.db.execute(sql`update "user" set email_verified = true where id = ${seeker.id}`)
  ctx.conversationId = (await startAs(t.app, seeker, ctx.listingId, 'Is it free?')).json().conversationId
  ctx.messageId = (await messagesAs(t.app, seeker, ctx.conversationId!)).json().messages[0].id
}
/** The owner writes a room-wanted ad (paused with `status`). */
const ownerWritesAd = (status: 'active' | 'paused') => async (ctx: Ctx) => {
  ctx.adId = await createAd(t.app, ctx.owner, { headline: 'Matrix ad', status })
}
/** A stranger (verified, as the owner is) writes to the owner about their room-wanted ad, active or paused. */
const adStartRow = (status: 'active' | 'paused', stranger: Cell): Row => ({
  route: 'POST /api/conversations',
  name: `about the owner’s ${status} room-wanted ad, both with verified addresses`,
  given: async (ctx) => {
    await ownerWritesAd(status)(ctx)
    await t.database.db.execute(
      sql`update "user" set email_verified = true where id in (${ctx.owner.id}, ${ctx.stranger.id})`,
    )
  },
  request: (ctx) => ({
    method: 'POST',
    url: '/api/conversations',
    payload: { seekerAdId: ctx.adId, body: 'I have a room for you' },
  }),
  cells: {
    anonymous: anonymous401,
    stranger,
    owner: { status: 403, body: () => ({ error: "You can't message yourself about your own ad." }) },
  },
})
const adAnswer = (ctx: Ctx, status = 'active') => ({
  _id: ctx.adId,
  ...sampleAdAnswer(status),
  userName: ctx.owner.name,
  ...NO_BADGES,
})
const sampleAdAnswer = (status: string) => ({
  headline: 'Matrix ad',
  about: anyString,
  budget: 700,
  roomTypes: ['Single', 'Studio'],
  areas: [{ placeId: BERLIN, name: 'Berlin, Germany', radiusKm: 10 }],
  status,
  hiddenReason: null,
  ...{ moveInFrom: '2026-12-15', minStayMonths: 6, billsIncluded: true },
  ...{ furnished: null, hasPets: null, smokes: null },
  userPhoto: null,
  isExample: false,
  ...{ createdAt: anyString, updatedAt: anyString, confirmedAt: anyString },
})
const NO_AD: Cell = { status: 404, body: () => ({ error: 'You have no room-wanted ad yet.' }) }
const adDetail = (ctx: Ctx, isOwner: boolean, status = 'active') => ({
  ...adAnswer(ctx, status),
  ...poster(ctx),
  isOwner,
  match: null,
  hasLivingProfile: false,
})
const NOT_THE_POSTER: Cell = {
  status: 403,
  body: () => ({ error: "Only a listing's poster sees the people looking near it." }),
}
/** The owner saves a search (its id into ctx.savedSearchId). */
const ownerSaves = async (ctx: Ctx) => {
  ctx.savedSearchId = await savedSearchOf(t.app, ctx.owner, 'roomType=Single')
}
const savedSearchAnswer = (ctx: Ctx, extra: object = {}) => ({
  _id: ctx.savedSearchId ?? anyString,
  name: 'My search',
  query: 'roomType=Single',
  alert: 'instant',
  createdAt: anyString,
  newCount: 0,
  ...extra,
})
const NO_SUCH_SEARCH: Cell = { status: 404, body: () => ({ error: 'Saved search not found.' }) }
const unsubscribeUrl = (ctx: Ctx) =>
  `/api/saved-searches/unsubscribe?token=${unsubscribeToken(TEST_ENV.AUTH_SECRET, ctx.savedSearchId!)}`

/** A browser's subscription at a loopback test endpoint (PUSH_TEST_ENDPOINTS), new on every call. */
const pushDevice = () => ({
  endpoint: `http://127.0.0.1:9/push/${randomUUID()}`,
  keys: { p256dh: TEST_ENV.VAPID_PUBLIC_KEY, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
  kinds: ['messages'],
})
/** The owner subscribes a device (its id into ctx.pushId). */
const ownerSubscribes = async (ctx: Ctx) => {
  const response = await injectAs(t.app, ctx.owner, {
    method: 'POST',
    url: '/api/push/subscriptions',
    payload: pushDevice(),
  })
  ctx.pushId = response.json().subscription._id
}
const pushAnswer = (ctx: Ctx, extra: object = {}) => ({
  _id: ctx.pushId ?? anyString,
  endpoint: anyString,
  device: 'A browser',
  createdAt: anyString,
  lastUsedAt: null,
  kinds: ['messages'],
  ...extra,
})
const NO_SUCH_DEVICE: Cell = { status: 404, body: () => ({ error: 'Push subscription not found.' }) }
/** The owner, verified, asks someone for a reference (its token into ctx.referenceToken). */
const ownerAsksReference = async (ctx: Ctx) => {
  await t.database.db.execute(sql`update "user" set email_verified = true where id = ${ctx.owner.id}`)
  const asked = await createReferencesRepository(t.database.db).request(ctx.owner.id, {
    refereeEmail: 'sam@example.com',
    refereeName: 'Sam',
    relationship: 'flatmate',
  })
  if (typeof asked === 'string') throw new Error(asked)
  ctx.referenceToken = asked.token
}
const REFERENCE_ANSWER = {
  relationship: 'flatmate',
  ...{ from: '2024-01', to: '2025-01', tidy: 5, bills: 5, considerate: 4, communication: 4, text: 'Great.' },
}
/** Sam has written the owner a reference (its id into ctx.referenceId). */
const ownerHasReference = async (ctx: Ctx) => {
  await ownerAsksReference(ctx)
  await injectAs(t.app, null, {
    method: 'POST',
    url: `/api/references/${ctx.referenceToken}`,
    payload: REFERENCE_ANSWER,
  })
  const [row] = await selectRows<{ id: string }>(
    t.database,
    sql`select id from reference where subject_id = ${ctx.owner.id}`,
  )
  ctx.referenceId = row!.id
}

const REVIEW_RATINGS = { tidy: 5, bills: 4, considerate: 5, communication: 4 }
/** The enquirer and the owner moved in together: the owner marked it, the enquirer confirmed (ctx.conversationId). */
const movedInWithOwner = async (ctx: Ctx) => {
  const seeker = await signUpVerified(t)
  ctx.conversationId = (await startAs(t.app, seeker, ctx.listingId, 'Is it free?')).json().conversationId
  const step = (user: TestUser, path: string) =>
    injectAs(t.app, user, {
      method: 'POST',
      url: `/api/conversations/${ctx.conversationId}${path}`,
      payload: {},
    })
  await step(ctx.owner, '/moved-in')
  await step(seeker, '/moved-in/confirm')
  return seeker
}
/** Both reviewed each other: the enquirer's review of the owner is published (its id into ctx.reviewId). */
const ownerHasReview = async (ctx: Ctx) => {
  const seeker = await movedInWithOwner(ctx)
  const review = (user: TestUser) =>
    injectAs(t.app, user, {
      method: 'POST',
      url: '/api/reviews',
      payload: { conversationId: ctx.conversationId, ...REVIEW_RATINGS },
    })
  ctx.reviewId = (await review(seeker)).json()._id
  await review(ctx.owner)
}

const NOT_A_PARTICIPANT: Cell = {
  status: 403,
  body: () => ({ error: 'This conversation is between two other people.' }),
}
const conversationRow = (method: 'GET' | 'POST' | 'DELETE', path: string, owner: Cell): Row => ({
  route: `${method} /api/conversations/:id${path}`,
  given: seekerWrites,
  request: (ctx) => ({
    method,
    url: `/api/conversations/${ctx.conversationId}${path}`,
    ...(method === 'POST' ? { payload: path === '/messages' ? { body: 'Hello' } : {} } : {}),
  }),
  cells: { anonymous: anonymous401, stranger: NOT_A_PARTICIPANT, owner },
})
const inboxEntry = (ctx: Ctx) => ({
  id: ctx.conversationId,
  about: { kind: 'listing', id: ctx.listingId, title: 'Matrix room', available: true },
  other: { name: anyString, photo: '' },
  lastMessage: { id: ctx.messageId, body: 'Is it free?', mine: false, kind: 'text', createdAt: anyString },
  unread: 1,
  state: 'sent',
  startedByMe: false,
})

const NOT_MOVED_IN = { movedIn: 'no', canReview: false, reviewedByMe: false }
/** The header's other person's badges: none here, whether or not their address is confirmed. */
const OTHER_BADGES = {
  emailVerified: expect.any(Boolean),
  referenceCount: 0,
  replyRate: null,
  replyHours: null,
}

const DECLINED: Cell = {
  status: 200,
  body: (ctx) => ({
    id: ctx.conversationId,
    about: { kind: 'listing', id: ctx.listingId, title: 'Matrix room', available: true },
    other: { id: anyString, name: anyString, photo: '', ...OTHER_BADGES },
    seenUpTo: ctx.messageId,
    blockedByMe: false,
    blockedMe: false,
    state: 'declined',
    startedByMe: false,
    ...NOT_MOVED_IN,
  }),
}

const MODERATORS_ONLY: Cell = { status: 403, body: () => ({ error: 'Only moderators can do this.' }) }
const MODERATOR = 'matrix-moderator@example.com'
/** A moderation route: a moderator's alone (below the table, one test calls each as a moderator). */
const moderationRow = (
  method: 'GET' | 'POST',
  path: (ctx: Ctx) => string,
  route: string,
  payload?: object,
): Row => ({
  route: `${method} /api/moderation/${route}`,
  given: async (ctx) => {
    await injectAs(t.app, ctx.stranger, {
      method: 'POST',
      url: '/api/reports',
      payload: { targetKind: 'listing', targetId: ctx.listingId, reason: 'scam' },
    })
  },
  request: (ctx) => ({ method, url: `/api/moderation/${path(ctx)}`, ...(payload ? { payload } : {}) }),
  cells: { anonymous: anonymous401, stranger: MODERATORS_ONLY, owner: MODERATORS_ONLY },
})
const DECISION = { reason: 'Matrix' }
const MODERATION_ROWS: Row[] = [
  moderationRow('GET', () => 'queue', 'queue'),
  moderationRow('GET', () => 'actions', 'actions'),
  moderationRow('POST', (ctx) => `listings/${ctx.listingId}/hide`, 'listings/:id/hide', DECISION),
  moderationRow('POST', (ctx) => `listings/${ctx.listingId}/unhide`, 'listings/:id/unhide', DECISION),
  moderationRow('POST', (ctx) => `users/${ctx.owner.id}/suspend`, 'users/:id/suspend', DECISION),
  moderationRow('POST', (ctx) => `users/${ctx.owner.id}/unsuspend`, 'users/:id/unsuspend', DECISION),
  ...(['hide', 'unhide'] as const).map((action) => ({
    ...moderationRow(
      'POST',
      (ctx) => `seeker-ads/${ctx.adId}/${action}`,
      `seeker-ads/:id/${action}`,
      DECISION,
    ),
    given: async (ctx: Ctx) => {
      await ownerWritesAd('active')(ctx)
      await injectAs(t.app, ctx.stranger, {
        method: 'POST',
        url: '/api/reports',
        payload: { targetKind: 'seeker_ad', targetId: ctx.adId, reason: 'scam' },
      })
    },
  })),
  ...(['hide', 'unhide'] as const).flatMap((action) => [
    {
      ...moderationRow(
        'POST',
        (ctx) => `reviews/${ctx.reviewId}/${action}`,
        `reviews/:id/${action}`,
        DECISION,
      ),
      given: ownerHasReview,
    },
    {
      ...moderationRow(
        'POST',
        (ctx) => `references/${ctx.referenceId}/${action}`,
        `references/:id/${action}`,
        DECISION,
      ),
      given: ownerHasReference,
    },
  ]),
]
/** What a moderator gets from each moderation route (the rows above, and dismiss). */
const MODERATOR_ANSWERS: Record<string, unknown> = {
  'GET /api/moderation/queue': expect.objectContaining({ openReports: anyNumber }),
  'GET /api/moderation/actions': { actions: expect.any(Array) },
  'POST /api/moderation/listings/:id/hide': { hiddenReason: 'moderator' },
  'POST /api/moderation/listings/:id/unhide': { hiddenReason: null },
  'POST /api/moderation/seeker-ads/:id/hide': { hiddenReason: 'moderator' },
  'POST /api/moderation/seeker-ads/:id/unhide': { hiddenReason: null },
  'POST /api/moderation/references/:id/hide': { hidden: true },
  'POST /api/moderation/references/:id/unhide': { hidden: false },
  'POST /api/moderation/reviews/:id/hide': { hidden: true },
  'POST /api/moderation/reviews/:id/unhide': { hidden: false },
  'POST /api/moderation/users/:id/suspend': { suspended: true },
  'POST /api/moderation/users/:id/unsuspend': { suspended: false },
  'POST /api/moderation/dismiss': { dismissed: 1 },
}

/** The owner sets viewing times: Mondays, none in the next 21 days' slots when `empty`. */
const ownerSetsTimes = (ctx: Ctx, empty = true) =>
  putTimesAs(t.app, ctx.owner, ctx.listingId, sampleTimes(empty ? { rules: [] } : {}))
/** A verified seeker writes about the owner's listing and books its first slot two hours ahead. */
const seekerBooks = async (ctx: Ctx) => {
  await ownerSetsTimes(ctx, false)
  const seeker = await signUpVerified(t)
  await startAs(t.app, seeker, ctx.listingId, 'Can I see it?')
  const { start } = await slotFrom(t.app, seeker, ctx.listingId)
  ctx.viewingId = (await bookAs(t.app, seeker, ctx.listingId, start)).json().viewing._id
  return seeker
}
/** The seeker books, then shares the viewing (its link's token into ctx.shareToken). */
const seekerShares = async (ctx: Ctx) => {
  const seeker = await seekerBooks(ctx)
  const shared = await injectAs(t.app, seeker, {
    method: 'POST',
    url: `/api/viewings/${ctx.viewingId}/share`,
    payload: {},
  })
  ctx.shareToken = shared.json<{ url: string }>().url.split('/').at(-1)
}
const VIEWING_404: Cell = { status: 404, body: () => ({ error: 'Viewing not found.' }) }
const SEEKER_ONLY: Cell = { status: 403, body: () => ({ error: SHARE_REFUSALS.seekerOnly }) }
const theViewing = (ctx: Ctx, extra: object = {}) => ({
  viewing: expect.objectContaining({
    _id: ctx.viewingId,
    meetingPoint: sampleTimes().meetingPoint,
    ...extra,
  }),
})

/** Viewing times and viewings: only the two people of a viewing read or change it (404 to anyone else). */
function viewingRows(): Row[] {
  const viewingAction = (action: string, payload: object, owner: Cell): Row => ({
    route: `POST /api/viewings/:id/${action}`,
    given: seekerBooks,
    request: (ctx) => ({ method: 'POST', url: `/api/viewings/${ctx.viewingId}/${action}`, payload }),
    cells: { anonymous: anonymous401, stranger: VIEWING_404, owner },
  })
  return [
    {
      route: 'PUT /api/roommate-listings/:id/viewing-times',
      request: (ctx) => ({
        method: 'PUT',
        url: `/api/roommate-listings/${ctx.listingId}/viewing-times`,
        payload: sampleTimes(),
      }),
      cells: {
        anonymous: anonymous401,
        stranger: {
          status: 403,
          body: () => ({ error: 'You can only set viewing times of your own listings.' }),
        },
        owner: { status: 200, body: () => ({ ...sampleTimes(), videoLink: null }) },
      },
    },
    {
      route: 'GET /api/roommate-listings/:id/viewing-times',
      given: (ctx) => ownerSetsTimes(ctx),
      request: (ctx) => ({ method: 'GET', url: `/api/roommate-listings/${ctx.listingId}/viewing-times` }),
      cells: {
        anonymous: anonymous401,
        stranger: { status: 200, body: () => ({ timeZone: 'Europe/Berlin', slots: [] }) },
        owner: { status: 200, body: () => ({ ...sampleTimes({ rules: [] }), videoLink: null, slots: [] }) },
      },
    },
    {
      route: 'POST /api/viewings',
      given: (ctx) => ownerSetsTimes(ctx, false),
      request: (ctx) => ({
        method: 'POST',
        url: '/api/viewings',
        payload: { listingId: ctx.listingId, start: '2030-01-07T10:00:00+01:00' },
      }),
      cells: {
        anonymous: anonymous401,
        stranger: { status: 403, body: () => ({ error: 'Verify your e-mail address to book a viewing.' }) },
        owner: { status: 403, body: () => ({ error: 'You can’t book a viewing of your own listing.' }) },
      },
    },
    {
      route: 'GET /api/viewings',
      given: seekerBooks,
      request: () => ({ method: 'GET', url: '/api/viewings?role=poster' }),
      cells: {
        anonymous: anonymous401,
        stranger: { status: 200, body: () => ({ viewings: [], nextCursor: null }) },
        owner: { status: 200, body: (ctx) => ({ viewings: [theViewing(ctx).viewing], nextCursor: null }) },
      },
    },
    {
      route: 'GET /api/viewings/:id',
      given: seekerBooks,
      request: (ctx) => ({ method: 'GET', url: `/api/viewings/${ctx.viewingId}` }),
      cells: { anonymous: anonymous401, stranger: VIEWING_404, owner: { status: 200, body: theViewing } },
    },
    {
      route: 'GET /api/viewings/:id/calendar.ics',
      given: seekerBooks,
      request: (ctx) => ({ method: 'GET', url: `/api/viewings/${ctx.viewingId}/calendar.ics` }),
      cells: {
        anonymous: anonymous401,
        stranger: VIEWING_404,
        owner: { status: 200, body: () => expect.stringContaining('BEGIN:VCALENDAR') },
      },
    },
    viewingAction(
      'cancel',
      {},
      {
        status: 200,
        body: (ctx) => theViewing(ctx, { status: 'cancelled', cancelledBy: 'poster' }),
      },
    ),
    {
      route: 'POST /api/viewings/:id/share',
      given: seekerBooks,
      request: (ctx) => ({ method: 'POST', url: `/api/viewings/${ctx.viewingId}/share`, payload: {} }),
      cells: { anonymous: anonymous401, stranger: VIEWING_404, owner: SEEKER_ONLY },
    },
    {
      route: 'DELETE /api/viewings/:id/share',
      given: seekerShares,
      request: (ctx) => ({ method: 'DELETE', url: `/api/viewings/${ctx.viewingId}/share` }),
      cells: { anonymous: anonymous401, stranger: VIEWING_404, owner: SEEKER_ONLY },
    },
    {
      // The link's token decides, whoever asks: the person it was given to has no account.
      route: 'GET /api/shared-viewings/:id',
      given: seekerShares,
      request: (ctx) => ({ method: 'GET', url: `/api/shared-viewings/${ctx.shareToken}` }),
      cells: same({
        status: 200,
        body: (ctx) =>
          expect.objectContaining({
            listingTitle: 'Matrix room',
            posterName: ctx.owner.name,
            status: 'booked',
          }),
      }),
    },
    viewingAction('late', { minutes: 10 }, { status: 409, body: () => ({ error: CHANGE_REFUSALS.late }) }),
    viewingAction(
      'outcome',
      { outcome: 'done' },
      { status: 409, body: () => ({ error: CHANGE_REFUSALS.outcome }) },
    ),
  ]
}

const TABLE: Row[] = [
  ...MODERATION_ROWS,
  {
    ...moderationRow('POST', () => 'dismiss', 'dismiss'),
    request: (ctx) => ({
      method: 'POST',
      url: '/api/moderation/dismiss',
      payload: { targetKind: 'listing', targetId: ctx.listingId, reason: 'Matrix' },
    }),
  },
  {
    route: 'GET /api/moderation/status',
    request: () => ({ method: 'GET', url: '/api/moderation/status' }),
    cells: bySession(anonymous401, { status: 200, body: () => ({ isModerator: false }) }),
  },
  {
    route: 'GET /api/openapi.json',
    request: () => ({ method: 'GET', url: '/api/openapi.json' }),
    // The same document for everyone: nothing in it depends on who asks.
    cells: same({
      status: 200,
      body: () => expect.objectContaining({ openapi: '3.1.0', paths: expect.any(Object) }),
    }),
  },
  {
    route: 'GET /api/health',
    request: () => ({ method: 'GET', url: '/api/health' }),
    cells: same({ status: 200, body: () => ({ status: 'ok' }) }),
  },
  {
    route: 'GET /api/config',
    request: () => ({ method: 'GET', url: '/api/config' }),
    cells: same({
      status: 200,
      body: () => ({
        currency: 'USD',
        googleSignIn: false,
        tiles: expect.objectContaining({ url: anyString }),
        contact: { email: null, phone: null, hours: null, office: null },
      }),
    }),
  },
  {
    route: 'GET /api/places',
    request: () => ({ method: 'GET', url: '/api/places?q=zur&limit=1' }),
    cells: same({ status: 200, body: () => [expect.objectContaining({ name: 'Zürich', country: 'CH' })] }),
  },
  {
    route: 'GET /api/stats',
    request: () => ({ method: 'GET', url: '/api/stats' }),
    cells: {
      anonymous: { status: 200, body: () => ({ totalListings: anyNumber, totalUsers: anyNumber }) },
      stranger: {
        status: 200,
        body: () => ({ totalListings: anyNumber, totalUsers: anyNumber, myListings: 0 }),
      },
      owner: {
        status: 200,
        body: () => ({ totalListings: anyNumber, totalUsers: anyNumber, myListings: 1 }),
      },
    },
  },
  {
    route: 'GET /api/featured-roommates',
    request: () => ({ method: 'GET', url: '/api/featured-roommates' }),
    cells: same({
      status: 200,
      body: (ctx) => expect.arrayContaining([{ ...pickFeatured(summary(ctx)) }]),
    }),
  },
  {
    route: 'GET /api/roommate-listings',
    request: () => ({ method: 'GET', url: '/api/roommate-listings?sort=newest&limit=100' }),
    cells: same({ status: 200, body: (ctx) => expect.arrayContaining([summary(ctx)]) }),
  },
  {
    route: 'POST /api/roommate-listings',
    request: () => ({ method: 'POST', url: '/api/roommate-listings', payload: listingBody }),
    cells: bySession(anonymous401, { status: 201, body: () => ({ success: true, insertedId: anyString }) }),
  },
  {
    route: 'GET /api/roommate-listings/:id',
    request: (ctx) => ({ method: 'GET', url: `/api/roommate-listings/${ctx.listingId}` }),
    cells: {
      anonymous: anonymous401,
      stranger: {
        status: 200,
        body: (ctx) =>
          withoutContacts(ctx, { likedByMe: false, isOwner: false, ...noMatch, photos: [], ...poster(ctx) }),
      },
      owner: {
        status: 200,
        body: (ctx) =>
          full(ctx, {
            number: ctx.phone,
            likedByMe: false,
            isOwner: true,
            ...noMatch,
            photos: [],
            ...poster(ctx),
          }),
        reveals: ['email', 'phone'],
      },
    },
  },
  {
    route: 'PUT /api/roommate-listings/:id',
    request: (ctx) => ({
      method: 'PUT',
      url: `/api/roommate-listings/${ctx.listingId}`,
      payload: listingBody,
    }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 403, body: () => ({ error: 'You can only change your own listings.' }) },
      owner: { status: 200, body: () => ({ message: 'Listing updated successfully' }) },
    },
  },
  {
    route: 'POST /api/roommate-listings/:id/confirm',
    request: (ctx) => ({
      method: 'POST',
      url: `/api/roommate-listings/${ctx.listingId}/confirm`,
      payload: {},
    }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 403, body: () => ({ error: 'You can only confirm your own listings.' }) },
      owner: { status: 200, body: () => ({ confirmedAt: anyString }) },
    },
  },
  {
    route: 'DELETE /api/roommate-listings/:id',
    request: (ctx) => ({ method: 'DELETE', url: `/api/roommate-listings/${ctx.listingId}` }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 403, body: () => ({ error: 'You can only delete your own listings.' }) },
      owner: { status: 200, body: () => ({ message: 'Listing deleted successfully' }) },
    },
  },
  {
    route: 'GET /api/roommate-listings',
    name: 'sort=match, the owner with a living profile',
    given: (ctx) => putProfile(t.app, ctx.owner, EARLY_BIRD),
    request: () => ({ method: 'GET', url: '/api/roommate-listings?sort=match&limit=100' }),
    cells: {
      anonymous: {
        status: 400,
        body: () => ({ error: expect.stringMatching(/signed in with a living profile/) }),
      },
      stranger: { status: 400, body: () => ({ error: expect.stringMatching(/needs your living profile/) }) },
      // One's own listing carries no score; no one's answers are in a browse answer.
      owner: {
        status: 200,
        body: (ctx) => expect.arrayContaining([{ ...summary(ctx), match: null, sharedInterests: 0 }]),
      },
    },
  },
  {
    route: 'GET /api/roommate-listings/:id',
    name: 'both with living profiles',
    given: async (ctx) => {
      await putProfile(t.app, ctx.owner, NIGHT_OWL)
      await putProfile(t.app, ctx.stranger, EARLY_BIRD)
    },
    request: (ctx) => ({ method: 'GET', url: `/api/roommate-listings/${ctx.listingId}` }),
    cells: {
      anonymous: anonymous401,
      stranger: {
        status: 200,
        body: (ctx) =>
          withoutContacts(ctx, {
            likedByMe: false,
            isOwner: false,
            match: compareProfiles(EARLY_BIRD as Profile, NIGHT_OWL as Profile),
            hasLivingProfile: true,
            photos: [],
            ...poster(ctx),
          }),
      },
      owner: {
        status: 200,
        body: (ctx) =>
          full(ctx, {
            number: ctx.phone,
            likedByMe: false,
            isOwner: true,
            match: null,
            hasLivingProfile: true,
            photos: [],
            ...poster(ctx),
          }),
        reveals: ['email', 'phone'],
      },
    },
  },
  {
    route: 'GET /api/living-profile',
    given: (ctx) => putProfile(t.app, ctx.owner, EARLY_BIRD),
    request: () => ({ method: 'GET', url: '/api/living-profile' }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 404, body: () => NO_PROFILE },
      owner: { status: 200, body: () => savedProfile },
    },
  },
  {
    route: 'PUT /api/living-profile',
    request: () => ({ method: 'PUT', url: '/api/living-profile', payload: EARLY_BIRD }),
    cells: bySession(anonymous401, { status: 200, body: () => savedProfile }),
  },
  {
    route: 'DELETE /api/living-profile',
    given: (ctx) => putProfile(t.app, ctx.owner, EARLY_BIRD),
    request: () => ({ method: 'DELETE', url: '/api/living-profile' }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 404, body: () => NO_PROFILE },
      owner: { status: 200, body: () => ({ message: 'Living profile removed.' }) },
    },
  },
  {
    route: 'POST /api/roommate-listings/:id/photos',
    request: (ctx) => ({
      method: 'POST',
      url: `/api/roommate-listings/${ctx.listingId}/photos`,
      ...multipart(photoFile, { filename: 'room.png', type: 'image/png' }),
    }),
    cells: {
      anonymous: anonymous401,
      stranger: NOT_YOUR_PHOTOS,
      owner: { status: 201, body: () => ({ photo: photoAnswer }) },
    },
  },
  {
    route: 'PUT /api/roommate-listings/:id/photos',
    given: ownerAddsPhoto,
    request: (ctx) => ({
      method: 'PUT',
      url: `/api/roommate-listings/${ctx.listingId}/photos`,
      payload: { order: [ctx.photoId] },
    }),
    cells: {
      anonymous: anonymous401,
      stranger: NOT_YOUR_PHOTOS,
      owner: { status: 200, body: () => ({ photos: [photoAnswer] }) },
    },
  },
  {
    route: 'DELETE /api/roommate-listings/:id/photos/:photoId',
    given: ownerAddsPhoto,
    request: (ctx) => ({
      method: 'DELETE',
      url: `/api/roommate-listings/${ctx.listingId}/photos/${ctx.photoId}`,
    }),
    cells: {
      anonymous: anonymous401,
      stranger: NOT_YOUR_PHOTOS,
      owner: { status: 200, body: () => ({ message: 'Photo deleted successfully' }) },
    },
  },
  {
    route: 'PATCH /api/listings/:id/like',
    request: (ctx) => ({ method: 'PATCH', url: `/api/listings/${ctx.listingId}/like`, payload: {} }),
    cells: {
      anonymous: anonymous401,
      stranger: {
        status: 200,
        body: (ctx) => ({ likes: 1, liked: true, number: ctx.phone, userEmail: ctx.owner.email }),
        reveals: ['phone', 'email'],
      },
      owner: { status: 403, body: () => ({ error: "You can't like your own post" }) },
    },
  },
  {
    route: 'DELETE /api/listings/:id/like',
    request: (ctx) => ({ method: 'DELETE', url: `/api/listings/${ctx.listingId}/like` }),
    cells: bySession(anonymous401, { status: 200, body: () => ({ likes: 0, liked: false }) }),
  },
  {
    route: 'DELETE /api/listings/:id/like',
    name: 'after the stranger liked it',
    given: strangerLikes,
    request: (ctx) => ({ method: 'DELETE', url: `/api/listings/${ctx.listingId}/like` }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 200, body: () => ({ likes: 0, liked: false }) },
      // Only the caller's own like is taken back.
      owner: { status: 200, body: () => ({ likes: 1, liked: false }) },
    },
  },
  {
    route: 'GET /api/my-likes',
    given: strangerLikes,
    request: () => ({ method: 'GET', url: '/api/my-likes' }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 200, body: (ctx) => [{ ...summary(ctx), likes: 1, likedAt: anyString }] },
      owner: { status: 200, body: () => [] },
    },
  },
  {
    route: 'GET /api/my-listings/:id/likers',
    given: strangerLikes,
    request: (ctx) => ({ method: 'GET', url: `/api/my-listings/${ctx.listingId}/likers` }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 403, body: () => ({ error: 'Only the owner can see who liked a listing.' }) },
      owner: { status: 200, body: (ctx) => [{ name: ctx.stranger.name, photo: '', likedAt: anyString }] },
    },
  },
  {
    route: 'GET /api/my-listings',
    request: () => ({ method: 'GET', url: '/api/my-listings' }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 200, body: () => [] },
      owner: {
        status: 200,
        body: (ctx) => [{ ...full(ctx, { number: ctx.phone }), hidden: null }],
        reveals: ['email', 'phone'],
      },
    },
  },
  {
    route: 'GET /api/my-listings',
    name: "with the owner's e-mail",
    request: (ctx) => ({
      method: 'GET',
      url: `/api/my-listings?email=${encodeURIComponent(ctx.owner.email)}`,
    }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 403, body: () => ({ error: 'You can only list your own listings.' }) },
      owner: {
        status: 200,
        body: (ctx) => [{ ...full(ctx, { number: ctx.phone }), hidden: null }],
        reveals: ['email', 'phone'],
      },
    },
  },
  {
    route: 'GET /api/users',
    request: () => ({ method: 'GET', url: '/api/users?limit=1000' }),
    cells: {
      anonymous: anonymous401,
      stranger: {
        status: 200,
        body: (ctx) => expect.arrayContaining([publicUser(ctx.owner, false), publicUser(ctx.stranger, true)]),
      },
      owner: {
        status: 200,
        body: (ctx) => expect.arrayContaining([publicUser(ctx.owner, true), publicUser(ctx.stranger, false)]),
        reveals: ['email'],
      },
    },
  },
  {
    route: 'POST /api/users',
    name: "with the owner's e-mail",
    request: (ctx) => ({
      method: 'POST',
      url: '/api/users',
      payload: { name: 'Renamed', email: ctx.owner.email },
    }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 403, body: () => ({ error: 'You can only write your own user record.' }) },
      owner: { status: 200, body: (ctx) => ({ acknowledged: true, insertedId: ctx.owner.id }) },
    },
  },
  {
    // The public profile: the same answer for everyone signed in, with nothing private in it.
    route: 'GET /api/people/:id',
    request: (ctx) => ({ method: 'GET', url: `/api/people/${ctx.owner.id}` }),
    cells: bySession(anonymous401, {
      status: 200,
      body: (ctx) => expect.objectContaining({ _id: ctx.owner.id, name: ctx.owner.name, seekerAd: null }),
    }),
  },
  {
    route: 'GET /api/seeker-ad',
    given: ownerWritesAd('active'),
    request: () => ({ method: 'GET', url: '/api/seeker-ad' }),
    cells: {
      anonymous: anonymous401,
      stranger: NO_AD,
      owner: { status: 200, body: (ctx) => ({ ...adAnswer(ctx), hidden: null }) },
    },
  },
  {
    route: 'PUT /api/seeker-ad',
    name: "(writes only the caller's own)",
    given: ownerWritesAd('active'),
    request: () => ({ method: 'PUT', url: '/api/seeker-ad', payload: sampleAd({ headline: 'Matrix ad' }) }),
    cells: {
      anonymous: anonymous401,
      stranger: {
        status: 201,
        body: (ctx) => ({
          seekerAd: {
            _id: anyString,
            ...sampleAdAnswer('active'),
            userName: ctx.stranger.name,
            ...NO_BADGES,
          },
        }),
      },
      owner: { status: 200, body: (ctx) => ({ seekerAd: adAnswer(ctx) }) },
    },
  },
  {
    route: 'DELETE /api/seeker-ad',
    name: "(deletes only the caller's own)",
    given: ownerWritesAd('active'),
    request: () => ({ method: 'DELETE', url: '/api/seeker-ad' }),
    cells: {
      anonymous: anonymous401,
      stranger: NO_AD,
      owner: { status: 200, body: () => ({ message: 'Ad deleted.' }) },
    },
  },
  {
    route: 'GET /api/seeker-ads',
    given: ownerWritesAd('active'),
    request: () => ({ method: 'GET', url: '/api/seeker-ads?limit=100' }),
    cells: same({
      status: 200,
      body: (ctx) =>
        expect.arrayContaining([
          expect.objectContaining({ _id: ctx.adId, headline: 'Matrix ad', userName: ctx.owner.name }),
        ]),
    }),
  },
  {
    route: 'GET /api/seeker-ads/:id',
    given: ownerWritesAd('active'),
    request: (ctx) => ({ method: 'GET', url: `/api/seeker-ads/${ctx.adId}` }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 200, body: (ctx) => adDetail(ctx, false) },
      owner: { status: 200, body: (ctx) => adDetail(ctx, true) },
    },
  },
  {
    route: 'GET /api/seeker-ads/:id',
    name: 'paused',
    given: ownerWritesAd('paused'),
    request: (ctx) => ({ method: 'GET', url: `/api/seeker-ads/${ctx.adId}` }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 404, body: () => ({ error: 'Ad not found.' }) },
      owner: { status: 200, body: (ctx) => adDetail(ctx, true, 'paused') },
    },
  },
  {
    route: 'GET /api/seeker-ads/:id',
    name: 'hidden by a moderator',
    given: async (ctx) => {
      await ownerWritesAd('active')(ctx)
      await t.database.db.execute(
        sql`update seeker_ad set hidden_reason = 'moderator' where id = ${ctx.adId}`,
      )
    },
    request: (ctx) => ({ method: 'GET', url: `/api/seeker-ads/${ctx.adId}` }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 404, body: () => ({ error: 'Ad not found.' }) },
      owner: { status: 200, body: (ctx) => ({ ...adDetail(ctx, true), hiddenReason: 'moderator' }) },
    },
  },
  {
    route: 'GET /api/roommate-listings/:id/seekers',
    name: 'a listing without a place',
    request: (ctx) => ({ method: 'GET', url: `/api/roommate-listings/${ctx.listingId}/seekers` }),
    cells: {
      anonymous: anonymous401,
      stranger: NOT_THE_POSTER,
      owner: {
        status: 400,
        body: () => ({
          error: 'This listing has no place: choose its town first to see who is looking near it.',
        }),
      },
    },
  },
  {
    route: 'GET /api/roommate-listings/:id/seekers',
    name: 'a listing in Berlin, with a fitting seeker',
    given: async (ctx) => {
      await t.database.db.execute(
        sql`update listing set place_id = ${BERLIN}, place_name = 'Berlin, Germany', lat = 52.52437, lon = 13.41053
          where id = ${ctx.listingId}`,
      )
      ctx.adId = await createAd(t.app, ctx.stranger, {
        headline: 'Matrix ad',
        budget: 900,
        roomTypes: ['Single'],
      })
    },
    request: (ctx) => ({ method: 'GET', url: `/api/roommate-listings/${ctx.listingId}/seekers` }),
    cells: {
      anonymous: anonymous401,
      stranger: NOT_THE_POSTER,
      owner: {
        status: 200,
        // Earlier cells' seekers fit too (their listings sit in Berlin as well): this cell's is among them.
        body: (ctx) =>
          expect.arrayContaining([
            expect.objectContaining({ _id: ctx.adId, userName: ctx.stranger.name, match: null }),
          ]),
      },
    },
  },
  {
    route: 'GET /api/conversations',
    given: seekerWrites,
    request: () => ({ method: 'GET', url: '/api/conversations' }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 200, body: () => [] },
      owner: { status: 200, body: (ctx) => [inboxEntry(ctx)] },
    },
  },
  {
    route: 'POST /api/conversations',
    request: (ctx) => ({
      method: 'POST',
      url: '/api/conversations',
      payload: { listingId: ctx.listingId, body: 'Hi' },
    }),
    cells: {
      anonymous: anonymous401,
      stranger: {
        status: 403,
        body: () => ({ error: 'Verify your e-mail address to start a conversation.' }),
      },
      owner: { status: 403, body: () => ({ error: "You can't message yourself about your own listing." }) },
    },
  },
  {
    route: 'POST /api/conversations',
    name: 'both with verified addresses',
    given: (ctx) =>
      t.database.db.execute(
        sql`update "user" set email_verified = true where id in (${ctx.owner.id}, ${ctx.stranger.id})`,
      ),
    request: (ctx) => ({
      method: 'POST',
      url: '/api/conversations',
      payload: { listingId: ctx.listingId, body: 'Hi' },
    }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 201, body: () => ({ conversationId: anyString }) },
      owner: { status: 403, body: () => ({ error: "You can't message yourself about your own listing." }) },
    },
  },
  adStartRow('active', { status: 201, body: () => ({ conversationId: anyString }) }),
  adStartRow('paused', { status: 404, body: () => ({ error: 'Ad not found.' }) }),
  conversationRow('GET', '', {
    status: 200,
    body: (ctx) => ({
      id: ctx.conversationId,
      about: { kind: 'listing', id: ctx.listingId, title: 'Matrix room', available: true },
      other: { id: anyString, name: anyString, photo: '', ...OTHER_BADGES },
      seenUpTo: ctx.messageId,
      blockedByMe: false,
      blockedMe: false,
      state: 'sent',
      startedByMe: false,
      ...NOT_MOVED_IN,
    }),
  }),
  conversationRow('GET', '/messages', {
    status: 200,
    body: (ctx) => ({
      messages: [
        {
          id: ctx.messageId,
          conversationId: ctx.conversationId,
          mine: false,
          kind: 'text',
          body: 'Is it free?',
          createdAt: anyString,
          shielded: false,
          moneyAsk: false,
        },
      ],
      more: false,
    }),
  }),
  conversationRow('POST', '/messages', {
    status: 201,
    body: (ctx) => ({
      id: anyNumber,
      conversationId: ctx.conversationId,
      mine: true,
      kind: 'text',
      body: 'Hello',
      createdAt: anyString,
      shielded: false,
      moneyAsk: false,
    }),
  }),
  {
    // Only the person contacted (the owner here) declines; the enquirer gets 403 (decline.test.ts), anyone else 404.
    ...conversationRow('POST', '/decline', DECLINED),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 404, body: () => ({ error: 'Conversation not found.' }) },
      owner: DECLINED,
    },
  },
  conversationRow('POST', '/moved-in', {
    status: 200,
    body: (ctx) => expect.objectContaining({ id: ctx.conversationId, movedIn: 'marked', canReview: false }),
  }),
  {
    // The owner is the person contacted: confirming is the enquirer's step (reviews.test.ts).
    ...conversationRow('POST', '/moved-in/confirm', {
      status: 403,
      body: () => ({ error: 'Only the person who started the conversation can confirm the move-in.' }),
    }),
    given: async (ctx) => {
      await seekerWrites(ctx)
      await injectAs(t.app, ctx.owner, {
        method: 'POST',
        url: `/api/conversations/${ctx.conversationId}/moved-in`,
        payload: {},
      })
    },
  },
  {
    route: 'POST /api/reviews',
    given: movedInWithOwner,
    request: (ctx) => ({
      method: 'POST',
      url: '/api/reviews',
      payload: { conversationId: ctx.conversationId, ...REVIEW_RATINGS },
    }),
    cells: {
      anonymous: anonymous401,
      stranger: NOT_A_PARTICIPANT,
      owner: { status: 201, body: () => ({ _id: anyString, published: false }) },
    },
  },
  {
    route: 'POST /api/reviews/:id/reply',
    given: ownerHasReview,
    request: (ctx) => ({
      method: 'POST',
      url: `/api/reviews/${ctx.reviewId}/reply`,
      payload: { text: 'Thank you.' },
    }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 404, body: () => ({ error: 'Review not found.' }) },
      owner: { status: 201, body: () => ({ reply: 'Thank you.' }) },
    },
  },
  conversationRow('POST', '/read', { status: 200, body: () => ({ conversations: 0, messages: 0 }) }),
  conversationRow('POST', '/block', { status: 200, body: () => ({ blocked: true }) }),
  conversationRow('DELETE', '/block', { status: 200, body: () => ({ blocked: false }) }),
  {
    route: 'GET /api/unread',
    given: seekerWrites,
    request: () => ({ method: 'GET', url: '/api/unread' }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 200, body: () => ({ conversations: 0, messages: 0 }) },
      owner: { status: 200, body: () => ({ conversations: 1, messages: 1 }) },
    },
  },
  {
    route: 'GET /api/live',
    given: seekerWrites,
    stream: true,
    request: () => ({ method: 'GET', url: '/api/live' }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 200, body: () => ({ conversations: 0, messages: 0 }) },
      owner: { status: 200, body: () => ({ conversations: 1, messages: 1 }) },
    },
  },
  {
    route: 'POST /api/reports',
    given: seekerWrites,
    request: (ctx) => ({
      method: 'POST',
      url: '/api/reports',
      payload: { targetKind: 'message', targetId: ctx.messageId, reason: 'scam' },
    }),
    cells: {
      anonymous: anonymous401,
      stranger: {
        status: 403,
        body: () => ({ error: 'You can only report messages in your own conversations.' }),
      },
      owner: { status: 201, body: () => ({ reportId: anyString }) },
    },
  },
  {
    route: 'POST /api/reports',
    name: 'a room-wanted ad',
    given: ownerWritesAd('active'),
    request: (ctx) => ({
      method: 'POST',
      url: '/api/reports',
      payload: { targetKind: 'seeker_ad', targetId: ctx.adId, reason: 'scam' },
    }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 201, body: () => ({ reportId: anyString }) },
      owner: { status: 400, body: () => ({ error: "You can't report your own ad." }) },
    },
  },
  {
    route: 'POST /api/reports',
    name: 'a person through a conversation',
    given: seekerWrites,
    request: (ctx) => ({
      method: 'POST',
      url: '/api/reports',
      payload: { targetKind: 'user', via: { kind: 'conversation', id: ctx.conversationId }, reason: 'scam' },
    }),
    cells: {
      anonymous: anonymous401,
      stranger: {
        status: 403,
        body: () => ({ error: 'You can only report people in your own conversations.' }),
      },
      owner: { status: 201, body: () => ({ reportId: anyString }) },
    },
  },
  {
    route: 'GET /api/saved-searches',
    given: ownerSaves,
    request: () => ({ method: 'GET', url: '/api/saved-searches' }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 200, body: () => [] },
      owner: { status: 200, body: (ctx) => [savedSearchAnswer(ctx)] },
    },
  },
  {
    route: 'POST /api/saved-searches',
    request: () => ({
      method: 'POST',
      url: '/api/saved-searches',
      payload: { name: 'My search', query: 'roomType=Single', alert: 'instant' },
    }),
    cells: bySession(anonymous401, { status: 201, body: (ctx) => ({ savedSearch: savedSearchAnswer(ctx) }) }),
  },
  {
    route: 'PATCH /api/saved-searches/:id',
    given: ownerSaves,
    request: (ctx) => ({
      method: 'PATCH',
      url: `/api/saved-searches/${ctx.savedSearchId}`,
      payload: { name: 'Renamed', alert: 'off' },
    }),
    cells: {
      anonymous: anonymous401,
      stranger: NO_SUCH_SEARCH,
      owner: {
        status: 200,
        body: (ctx) => ({ savedSearch: savedSearchAnswer(ctx, { name: 'Renamed', alert: 'off' }) }),
      },
    },
  },
  {
    route: 'DELETE /api/saved-searches/:id',
    given: ownerSaves,
    request: (ctx) => ({ method: 'DELETE', url: `/api/saved-searches/${ctx.savedSearchId}` }),
    cells: {
      anonymous: anonymous401,
      stranger: NO_SUCH_SEARCH,
      owner: { status: 200, body: () => ({ message: 'Saved search deleted.' }) },
    },
  },
  {
    route: 'POST /api/saved-searches/:id/seen',
    given: ownerSaves,
    request: (ctx) => ({ method: 'POST', url: `/api/saved-searches/${ctx.savedSearchId}/seen`, payload: {} }),
    cells: {
      anonymous: anonymous401,
      stranger: NO_SUCH_SEARCH,
      owner: { status: 200, body: (ctx) => ({ savedSearch: savedSearchAnswer(ctx), newListingIds: [] }) },
    },
  },
  {
    // The signed token in the address decides, whoever asks (an unsubscribe link works signed out).
    route: 'GET /api/saved-searches/unsubscribe',
    given: ownerSaves,
    request: (ctx) => ({ method: 'GET', url: unsubscribeUrl(ctx) }),
    cells: same({ status: 200, body: () => ({ name: 'My search', alert: 'instant' }) }),
  },
  ...viewingRows(),
  {
    route: 'POST /api/saved-searches/unsubscribe',
    given: ownerSaves,
    request: (ctx) => ({
      method: 'POST',
      url: unsubscribeUrl(ctx),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    }),
    cells: same({ status: 200, body: () => ({ name: 'My search', alert: 'off' }) }),
  },
  {
    route: 'GET /api/push/public-key',
    request: () => ({ method: 'GET', url: '/api/push/public-key' }),
    cells: same({ status: 200, body: () => ({ publicKey: TEST_ENV.VAPID_PUBLIC_KEY }) }),
  },
  {
    route: 'GET /api/push/subscriptions',
    given: ownerSubscribes,
    request: () => ({ method: 'GET', url: '/api/push/subscriptions' }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 200, body: () => [] },
      owner: { status: 200, body: (ctx) => [pushAnswer(ctx)] },
    },
  },
  {
    route: 'POST /api/push/subscriptions',
    request: () => ({ method: 'POST', url: '/api/push/subscriptions', payload: pushDevice() }),
    cells: bySession(anonymous401, { status: 201, body: (ctx) => ({ subscription: pushAnswer(ctx) }) }),
  },
  {
    route: 'PATCH /api/push/subscriptions/:id',
    given: ownerSubscribes,
    request: (ctx) => ({
      method: 'PATCH',
      url: `/api/push/subscriptions/${ctx.pushId}`,
      payload: { kinds: ['alerts'] },
    }),
    cells: {
      anonymous: anonymous401,
      stranger: NO_SUCH_DEVICE,
      owner: { status: 200, body: (ctx) => ({ subscription: pushAnswer(ctx, { kinds: ['alerts'] }) }) },
    },
  },
  {
    route: 'DELETE /api/push/subscriptions/:id',
    given: ownerSubscribes,
    request: (ctx) => ({ method: 'DELETE', url: `/api/push/subscriptions/${ctx.pushId}` }),
    cells: {
      anonymous: anonymous401,
      stranger: NO_SUCH_DEVICE,
      owner: { status: 200, body: () => ({ message: 'Device removed.' }) },
    },
  },
  {
    route: 'POST /api/references/requests',
    given: (ctx) =>
      t.database.db.execute(sql`update "user" set email_verified = true where id = ${ctx.owner.id}`),
    request: () => ({
      method: 'POST',
      url: '/api/references/requests',
      payload: { refereeEmail: 'sam@example.com', refereeName: 'Sam', relationship: 'landlord' },
    }),
    cells: {
      anonymous: anonymous401,
      stranger: {
        status: 403,
        body: () => ({ error: 'Confirm your e-mail address before asking for references.' }),
      },
      owner: { status: 201, body: () => ({ message: 'Request sent.' }) },
    },
  },
  {
    route: 'GET /api/references/mine',
    given: ownerAsksReference,
    request: () => ({ method: 'GET', url: '/api/references/mine' }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 200, body: () => ({ references: [], pending: [] }) },
      owner: {
        status: 200,
        body: () => ({
          references: [],
          pending: [{ refereeName: 'Sam', relationship: 'flatmate', expiresAt: anyString }],
        }),
      },
    },
  },
  {
    // The link's token decides, whoever asks: the referee has no account.
    route: 'GET /api/references/:id',
    given: ownerAsksReference,
    request: (ctx) => ({ method: 'GET', url: `/api/references/${ctx.referenceToken}` }),
    cells: same({
      status: 200,
      body: (ctx) => ({ requesterName: ctx.owner.name, relationship: 'flatmate' }),
    }),
  },
  {
    route: 'POST /api/references/:id',
    given: ownerAsksReference,
    request: (ctx) => ({
      method: 'POST',
      url: `/api/references/${ctx.referenceToken}`,
      payload: REFERENCE_ANSWER,
    }),
    cells: same({ status: 201, body: () => ({ message: 'Thank you: your reference is published.' }) }),
  },
  {
    route: 'PATCH /api/references/:id',
    given: ownerHasReference,
    request: (ctx) => ({
      method: 'PATCH',
      url: `/api/references/${ctx.referenceId}`,
      payload: { hidden: true },
    }),
    cells: {
      anonymous: anonymous401,
      stranger: { status: 404, body: () => ({ error: 'Reference not found.' }) },
      owner: { status: 200, body: () => ({ hidden: true }) },
    },
  },
  {
    route: 'GET /api/auth/*',
    name: 'get-session',
    request: () => ({ method: 'GET', url: '/api/auth/get-session' }),
    cells: {
      anonymous: { status: 200, body: () => null },
      stranger: {
        status: 200,
        body: (ctx) => ({
          session: expect.any(Object),
          user: expect.objectContaining({ email: ctx.stranger.email }),
        }),
      },
      owner: {
        status: 200,
        body: (ctx) => ({
          session: expect.any(Object),
          user: expect.objectContaining({ email: ctx.owner.email }),
        }),
        reveals: ['email'],
      },
    },
  },
  {
    route: 'POST /api/auth/*',
    name: 'update-user',
    request: () => ({ method: 'POST', url: '/api/auth/update-user', payload: { name: 'Renamed' } }),
    cells: bySession(
      { status: 401, body: () => ({ error: anyString, message: anyString, code: anyString }) },
      { status: 200, body: () => ({ status: true }) },
    ),
  },
  {
    route: 'GET /api/auth/*',
    name: "list-accounts (the caller's own sign-in methods)",
    request: () => ({ method: 'GET', url: '/api/auth/list-accounts' }),
    cells: bySession(
      { status: 401, body: () => authError('UNAUTHORIZED') },
      { status: 200, body: () => [expect.objectContaining({ providerId: 'credential' })] },
    ),
  },
  {
    route: 'GET /api/auth/*',
    name: 'verify-email with a bad token',
    request: () => ({ method: 'GET', url: '/api/auth/verify-email?token=not-a-token' }),
    cells: same({ status: 401, body: () => authError('INVALID_TOKEN') }),
  },
  {
    route: 'POST /api/auth/*',
    name: "send-verification-email for the owner's address",
    request: (ctx) => ({
      method: 'POST',
      url: '/api/auth/send-verification-email',
      payload: { email: ctx.owner.email },
    }),
    cells: {
      // Signed out, every address gets the same answer; signed in, only one's own address is accepted.
      anonymous: { status: 200, body: () => ({ status: true }) },
      stranger: { status: 400, body: () => authError('EMAIL_MISMATCH') },
      owner: { status: 200, body: () => ({ status: true }) },
    },
  },
  {
    route: 'POST /api/auth/*',
    name: "request-password-reset for the owner's address",
    request: (ctx) => ({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      payload: { email: ctx.owner.email },
    }),
    cells: same({ status: 200, body: () => ({ status: true, message: anyString }) }),
  },
  {
    route: 'POST /api/auth/*',
    name: 'reset-password with a bad token',
    request: () => ({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token: 'not-a-token', newPassword: 'Fresh-Start-42' },
    }),
    cells: same({ status: 400, body: () => authError('INVALID_TOKEN') }),
  },
  {
    route: 'POST /api/auth/*',
    name: "change-password (changes only the caller's own)",
    request: () => ({
      method: 'POST',
      url: '/api/auth/change-password',
      payload: { currentPassword: 'Nestmate1', newPassword: 'Brand-New-77' },
    }),
    cells: {
      anonymous: { status: 401, body: () => authError('UNAUTHORIZED') },
      stranger: {
        status: 200,
        body: (ctx) => ({ token: anyString, user: expect.objectContaining({ id: ctx.stranger.id }) }),
      },
      owner: {
        status: 200,
        body: (ctx) => ({ token: anyString, user: expect.objectContaining({ id: ctx.owner.id }) }),
        reveals: ['email'],
      },
    },
  },
  {
    route: 'POST /api/auth/*',
    name: "delete-user (deletes only the caller's own account)",
    request: () => ({ method: 'POST', url: '/api/auth/delete-user', payload: { password: 'Nestmate1' } }),
    cells: bySession(
      { status: 401, body: () => authError('UNAUTHORIZED') },
      { status: 200, body: () => ({ success: true, message: 'User deleted' }) },
    ),
  },
  {
    route: 'POST /api/auth/*',
    name: 'sign-out',
    request: () => ({ method: 'POST', url: '/api/auth/sign-out', payload: {} }),
    cells: same({ status: 200, body: () => ({ success: true }) }),
  },
]

function pickFeatured(row: ReturnType<typeof summary>) {
  const { _id, title, availability, location, userName, rent, roomType, confirmedAt, cover, isExample } = row
  return {
    ...{ _id, title, availability, location, userName, rent, roomType, confirmedAt, cover, isExample },
    advertiser: row.advertiser,
    ...NO_BADGES,
  }
}

const t = useTestApp({ ADMIN_EMAILS: MODERATOR, PUSH_TEST_ENDPOINTS: 'true' })

/** An event stream's status, and its first unread counts as the body (the stream is then dropped). */
async function firstUnreadOf(caller: TestUser | null, request: InjectOptions) {
  const response = await injectAs(t.app, caller, { ...request, payloadAsStream: true })
  let text = ''
  for await (const chunk of response.stream()) {
    text += String(chunk)
    if (response.statusCode !== 200 || /event: unread\ndata: .*\n\n/.test(text)) break
  }
  response.stream().destroy()
  const body = response.statusCode === 200 ? /event: unread\ndata: (.*)\n/.exec(text)![1]! : text
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body,
    json: () => JSON.parse(body) as unknown,
  }
}

test('the table names every API route the app registers, and no route it does not', () => {
  const listed = [...new Set(TABLE.map((row) => row.route))].sort()
  expect(listed).toEqual(registeredApiRoutes(t.app))
})

test('every API route declares who may call it, and the table agrees with each declaration', () => {
  expect(undeclaredApiRoutes(t.app), 'routes without config: { auth }').toEqual([])
  const declared = routeAuthDeclarations(t.app)
  for (const row of TABLE) {
    const auth = declared.get(row.route)
    if (auth === 'public') continue
    expect(row.cells.anonymous.status, `${row.route}: declared signed-in`).toBe(401)
    if (typeof auth === 'object') expect(row.cells.stranger.status, `${row.route}: owner only`).toBe(403)
    if (auth === 'moderator')
      for (const who of ['stranger', 'owner'] as const)
        expect(row.cells[who].status, `${row.route}: moderators only`).toBe(403)
  }
})

test('a moderator gets through every moderation route', async () => {
  const moderator = await signUpVerified(t, { email: MODERATOR })
  for (const row of TABLE.filter((row) =>
    row.route.startsWith('/api/moderation/', row.route.indexOf(' ') + 1),
  )) {
    if (row.route === 'GET /api/moderation/status') continue
    const owner = await signUp(t.app)
    const stranger = await signUp(t.app)
    const ctx: Ctx = { owner, stranger, listingId: await createListing(t.app, owner), phone: '' }
    await row.given?.(ctx)
    const response = await injectAs(t.app, moderator, row.request(ctx))
    expect([row.route, response.statusCode, response.json()]).toEqual([
      row.route,
      200,
      MODERATOR_ANSWERS[row.route],
    ])
  }
  expect((await injectAs(t.app, moderator, { method: 'GET', url: '/api/moderation/status' })).json()).toEqual(
    {
      isModerator: true,
    },
  )
})

test('a route registered without an auth declaration is caught', async () => {
  const app = Fastify()
  registerRouteAuth(app)
  app.get('/api/declared', { config: { auth: 'public' } }, async () => 'ok')
  app.get('/api/forgotten', async () => 'ok')
  await app.ready()
  expect(undeclaredApiRoutes(app)).toEqual(['GET /api/forgotten'])
  await app.close()
})

test('an API answer is no-store unless its route declares it cacheable, whatever the handler set', async () => {
  const app = Fastify()
  registerRouteAuth(app)
  registerCacheControl(app)
  const cached = (reply: { header: (name: string, value: string) => unknown }) =>
    reply.header('Cache-Control', 'public, max-age=60')
  app.get('/api/declared', { config: { auth: 'public', cache: 'public' } }, async (_, reply) => {
    cached(reply)
    return 'ok'
  })
  app.get('/api/forgotten', { config: { auth: 'public' } }, async (_, reply) => {
    cached(reply)
    return 'ok'
  })
  app.get('/api/failing', { config: { auth: 'public', cache: 'public' } }, async (_, reply) => {
    cached(reply)
    return reply.status(404).send({ error: 'Not found.' })
  })
  expect(() =>
    app.get('/api/personal', { config: { auth: 'signed-in', cache: 'public' } }, async () => 'mine'),
  ).toThrow(/only a route anyone may call/)
  const cacheOf = async (url: string) => (await app.inject({ url })).headers['cache-control']
  expect(await cacheOf('/api/declared')).toBe('public, max-age=60')
  expect(await cacheOf('/api/forgotten')).toBe('no-store')
  expect(await cacheOf('/api/failing')).toBe('no-store')
  expect(await cacheOf('/api/unknown')).toBe('no-store')
  await app.close()
})

describe.each(TABLE.map((row) => ({ ...row, name: row.name ?? '' })))('$route $name', (row) => {
  test.each(['anonymous', 'stranger', 'owner'] as const)('%s', async (who) => {
    // A fresh owner, stranger and listing per cell: no cell sees another's likes, edits or sign-outs.
    const phone = `+1 555 ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
    const owner = await signUp(t.app)
    const stranger = await signUp(t.app)
    const listingId = await createListing(t.app, owner, { title: 'Matrix room', number: phone })
    const ctx: Ctx = { owner, stranger, listingId, phone }
    const caller = who === 'anonymous' ? null : ctx[who]
    const cell = row.cells[who]
    await row.given?.(ctx)
    const readListing = () =>
      injectAs(t.app, owner, { method: 'GET', url: `/api/roommate-listings/${listingId}` })
    const likesBefore = (await readListing()).json().likes

    const response = row.stream
      ? await firstUnreadOf(caller, row.request(ctx))
      : await injectAs(t.app, caller, row.request(ctx))
    expect(response.statusCode).toBe(cell.status)
    const isJson = row.stream || /json/.test(String(response.headers['content-type'] ?? 'json'))
    expect(isJson ? response.json() : response.body).toEqual(cell.body(ctx))
    // Only a route declared cacheable may be kept by a browser or proxy, and never its errors.
    const mayCache = publicCacheRoutes(t.app).has(row.route) && cell.status < 400
    expect(response.headers['cache-control'], 'Cache-Control').toEqual(
      mayCache ? expect.stringMatching(/^public, max-age=\d+$/) : 'no-store',
    )
    // Field level: the owner's phone and e-mail appear in this answer exactly when the table says so.
    const reveals = cell.reveals ?? []
    expect(response.body.includes(phone), 'phone number in the answer').toBe(reveals.includes('phone'))
    expect(response.body.includes(owner.email), 'owner e-mail in the answer').toBe(reveals.includes('email'))

    // A refused write changed nothing.
    if (cell.status >= 400 && row.request(ctx).method !== 'GET') {
      const after = await readListing()
      expect(after.json()).toMatchObject({ title: 'Matrix room', likes: likesBefore })
      const me = await injectAs(t.app, owner, { method: 'GET', url: '/api/auth/get-session' })
      expect(me.json().user.name).toBe(owner.name)
    }
  })
})
