import { randomBytes } from 'node:crypto'
import type { App } from '../../app.ts'
import { injectAs, type TestUser } from '../../test/app.ts'

// Calls the saved-search tests share (tests only).

export const saveAs = (app: App, user: TestUser | null, payload: object) =>
  injectAs(app, user, { method: 'POST', url: '/api/saved-searches', payload })

export const listAs = (app: App, user: TestUser | null) =>
  injectAs(app, user, { method: 'GET', url: '/api/saved-searches' })

export const changeAs = (app: App, user: TestUser | null, id: string, payload: object) =>
  injectAs(app, user, { method: 'PATCH', url: `/api/saved-searches/${id}`, payload })

export const deleteAs = (app: App, user: TestUser | null, id: string) =>
  injectAs(app, user, { method: 'DELETE', url: `/api/saved-searches/${id}` })

export const seenAs = (app: App, user: TestUser | null, id: string) =>
  injectAs(app, user, { method: 'POST', url: `/api/saved-searches/${id}/seen`, payload: {} })

/** A saved search's id (throws unless it was created). */
export async function savedSearchOf(app: App, user: TestUser, query: string, alert = 'instant') {
  const response = await saveAs(app, user, { name: 'My search', query, alert })
  if (response.statusCode !== 201) throw new Error(`save failed: ${response.statusCode} ${response.body}`)
  return response.json<{ savedSearch: { _id: string } }>().savedSearch._id
}

/** A word to search for, unique to a test: letters only, as a run of digits in a title is shielded in mail. */
export const searchToken = (prefix: string) =>
  prefix +
  randomBytes(6)
    .toString('hex')
    .replace(/\d/g, (digit) => 'ghijklmnop'[Number(digit)]!)
