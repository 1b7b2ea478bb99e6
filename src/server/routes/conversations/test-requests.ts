import type { App } from '../../app.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { createListing, injectAs, signUp, signUpVerified, type TestUser } from '../../test/app.ts'

// Calls the conversation tests share (tests only).

type Test = { app: App; database: DatabaseHandle }

/** A new person whose address counts as verified (the mail flow itself is tested in auth-verify-email.test.ts). */
export const verifiedUser = (test: Test): Promise<TestUser> => signUpVerified(test)

export const startAs = (app: App, user: TestUser | null, listingId: string, body = 'Hi! Is the room free?') =>
  injectAs(app, user, { method: 'POST', url: '/api/conversations', payload: { listingId, body } })

/** Starts a conversation with a room-wanted ad's writer about their ad. */
export const startAboutAdAs = (
  app: App,
  user: TestUser | null,
  seekerAdId: string,
  body = 'My room may suit you.',
) => injectAs(app, user, { method: 'POST', url: '/api/conversations', payload: { seekerAdId, body } })

export const sendAs = (app: App, user: TestUser | null, id: string, body: string) =>
  injectAs(app, user, { method: 'POST', url: `/api/conversations/${id}/messages`, payload: { body } })

export const messagesAs = (app: App, user: TestUser | null, id: string, query = '') =>
  injectAs(app, user, { method: 'GET', url: `/api/conversations/${id}/messages${query}` })

export const inboxAs = (app: App, user: TestUser | null, query = '') =>
  injectAs(app, user, { method: 'GET', url: `/api/conversations${query}` })

export const headerAs = (app: App, user: TestUser | null, id: string) =>
  injectAs(app, user, { method: 'GET', url: `/api/conversations/${id}` })

export const readAs = (app: App, user: TestUser | null, id: string) =>
  injectAs(app, user, { method: 'POST', url: `/api/conversations/${id}/read`, payload: {} })

export const blockAs = (app: App, user: TestUser | null, id: string, blocked = true) =>
  injectAs(app, user, {
    method: blocked ? 'POST' : 'DELETE',
    url: `/api/conversations/${id}/block`,
    ...(blocked ? { payload: {} } : {}),
  })

export const unreadAs = (app: App, user: TestUser | null) =>
  injectAs(app, user, { method: 'GET', url: '/api/unread' })

/** A poster with a listing and a verified seeker who wrote to them about it: the conversation's id. */
export async function conversationBetween(test: Test, body = 'Hi! Is the room free?') {
  const poster = await signUp(test.app)
  const seeker = await verifiedUser(test)
  const listingId = await createListing(test.app, poster, { title: 'Room by the river' })
  const started = await startAs(test.app, seeker, listingId, body)
  if (started.statusCode !== 201) throw new Error(`start failed: ${started.statusCode} ${started.body}`)
  return { poster, seeker, listingId, id: started.json<{ conversationId: string }>().conversationId }
}
