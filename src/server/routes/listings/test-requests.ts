import type { App } from '../../app.ts'
import { injectAs, type TestUser } from '../../test/app.ts'

// Calls and answers the listing tests share (tests only).

export const detailsAs = (app: App, user: TestUser | null, id: string) =>
  injectAs(app, user, { method: 'GET', url: `/api/roommate-listings/${id}` })

export const SIGN_IN = { error: 'Sign in to continue.' }
export const NOT_FOUND = { error: 'Listing not found.' }
export const MALFORMED_ID = {
  error: 'Malformed listing id.',
  issues: [{ path: 'id', message: 'Malformed listing id.' }],
}
