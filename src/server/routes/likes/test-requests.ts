import type { App } from '../../app.ts'
import { injectAs, signUp, type TestUser } from '../../test/app.ts'

// Calls the like tests share (tests only).

export { detailsAs } from '../listings/test-requests.ts'

/** The spec's like call: a JSON content type and no body at all. */
export const likeAs = (app: App, user: TestUser | null, id: string) =>
  injectAs(app, user, {
    method: 'PATCH',
    url: `/api/listings/${id}/like`,
    headers: { 'content-type': 'application/json' },
  })

/** As the web app sends it: DELETE with no body. */
export const unlikeAs = (app: App, user: TestUser | null, id: string) =>
  injectAs(app, user, { method: 'DELETE', url: `/api/listings/${id}/like` })

export const myLikesAs = (app: App, user: TestUser | null) =>
  injectAs(app, user, { method: 'GET', url: '/api/my-likes' })

export const likersAs = (app: App, user: TestUser | null, id: string) =>
  injectAs(app, user, { method: 'GET', url: `/api/my-listings/${id}/likers` })

export const signUpMany = (app: App, count: number) =>
  Promise.all(Array.from({ length: count }, () => signUp(app)))
