import { sql } from 'drizzle-orm'
import type { App } from '../../app.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { injectAs, type TestUser } from '../../test/app.ts'
import { conversationBetween } from '../conversations/test-requests.ts'

// Calls the move-in and review tests share (tests only).

type Test = { app: App; database: DatabaseHandle }

export const movedInAs = (app: App, user: TestUser | null, id: string, confirm = false) =>
  injectAs(app, user, {
    method: 'POST',
    url: `/api/conversations/${id}/moved-in${confirm ? '/confirm' : ''}`,
    payload: {},
  })

export const RATINGS = { tidy: 5, bills: 4, considerate: 5, communication: 4 }

export const reviewAs = (app: App, user: TestUser | null, conversationId: string, extra: object = {}) =>
  injectAs(app, user, {
    method: 'POST',
    url: '/api/reviews',
    payload: { conversationId, ...RATINGS, text: 'Kind and tidy.', ...extra },
  })

export const replyAs = (app: App, user: TestUser | null, reviewId: string, text: string) =>
  injectAs(app, user, { method: 'POST', url: `/api/reviews/${reviewId}/reply`, payload: { text } })

/** A conversation whose move-in the poster (the person contacted) marked and the seeker confirmed. */
export async function movedInTogether(test: Test) {
  const between = await conversationBetween(test)
  for (const [who, confirm] of [
    [between.poster, false],
    [between.seeker, true],
  ] as const) {
    const step = await movedInAs(test.app, who, between.id, confirm)
    if (step.statusCode !== 200) throw new Error(`move-in failed: ${step.statusCode} ${step.body}`)
  }
  return between
}

/** Moves a conversation's reviews (and its confirmation) `days` into the past: the clock, for the read-time rules. */
export async function daysPass(test: Test, conversationId: string, days: number) {
  const ago = sql`make_interval(days => ${days})`
  await test.database.db.execute(
    sql`update review set created_at = created_at - ${ago} where conversation_id = ${conversationId}`,
  )
  await test.database.db.execute(
    sql`update conversation set moved_in_at = moved_in_at - ${ago},
      moved_in_confirmed_at = moved_in_confirmed_at - ${ago} where id = ${conversationId}`,
  )
}
