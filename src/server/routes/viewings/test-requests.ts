import type { App } from '../../app.ts'
import { injectAs, type TestUser } from '../../test/app.ts'
import type { ViewingRule } from '#shared/viewings.ts'

// Calls the viewing tests share (tests only).

/** Every day, 08:00–20:00, hourly slots of `capacity` places, in person. */
export const everyDay = (capacity = 2, kind: ViewingRule['kind'] = 'in_person'): ViewingRule[] =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    from: '08:00',
    to: '20:00',
    slotMinutes: 60,
    capacity,
    kind,
  }))

export const sampleTimes = (overrides: Record<string, unknown> = {}) => ({
  timeZone: 'Europe/Berlin',
  meetingPoint: 'Ring “Lind”, 3rd floor',
  rules: everyDay(),
  exceptions: [],
  ...overrides,
})

export const putTimesAs = (app: App, user: TestUser | null, listingId: string, body: object) =>
  injectAs(app, user, {
    method: 'PUT',
    url: `/api/roommate-listings/${listingId}/viewing-times`,
    payload: body,
  })

export const timesAs = (app: App, user: TestUser | null, listingId: string) =>
  injectAs(app, user, { method: 'GET', url: `/api/roommate-listings/${listingId}/viewing-times` })

export const bookAs = (app: App, user: TestUser | null, listingId: string, start: string) =>
  injectAs(app, user, { method: 'POST', url: '/api/viewings', payload: { listingId, start } })

export const viewingAs = (app: App, user: TestUser | null, id: string, action = '', payload: object = {}) =>
  injectAs(app, user, {
    method: action ? 'POST' : 'GET',
    url: `/api/viewings/${id}${action ? `/${action}` : ''}`,
    ...(action ? { payload } : {}),
  })

/** The first slot starting at least `hours` from now. */
export async function slotFrom(app: App, user: TestUser, listingId: string, hours = 2) {
  const slots = (await timesAs(app, user, listingId)).json<{ slots: { start: string; free: number }[] }>()
    .slots
  const slot = slots.find((candidate) => Date.parse(candidate.start) > Date.now() + hours * 3600_000)
  if (!slot) throw new Error('no slot that far ahead')
  return slot
}
