import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { createListing, signUp, useTestApp } from '../test/app.ts'
import { selectRows } from '../test/database.ts'
import { sendAs, startAs, verifiedUser } from '../routes/conversations/test-requests.ts'
import { refreshReplyStats, replyStatsOf } from './reply-stats.ts'

// Response stats (decision 088): the message trigger keeps each conversation's first reply, the job works the stats
// out for the people it marked and for those whose windows moved.

const t = useTestApp()
const HOUR = 3_600_000

/** A poster and `count` enquiries about their listing: the conversations' ids, in order. */
async function enquiries(count: number) {
  const poster = await signUp(t.app)
  const listingId = await createListing(t.app, poster)
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const started = await startAs(t.app, await verifiedUser(t), listingId)
    ids.push(started.json<{ conversationId: string }>().conversationId)
  }
  return { poster, ids }
}
/** Moves a conversation's start back `hours`, and its first reply to `replyAfter` hours after that. */
const age = (id: string, hours: number, replyAfter?: number) =>
  t.database.db.execute(sql`update conversation_reply set
    started_at = started_at - ${hours} * interval '1 hour',
    replied_at = case when replied_at is null then null else started_at - ${hours} * interval '1 hour'
      + ${replyAfter ?? 0} * interval '1 hour' end
    where conversation_id = ${id}`)
const refresh = (at = new Date()) => refreshReplyStats(t.database.db, at)

test('the share answered within 48 hours and the median hours to a first reply, from 3 conversations up', async () => {
  const { poster, ids } = await enquiries(4)
  for (const id of ids.slice(0, 3))
    expect((await sendAs(t.app, poster, id, 'Yes, come and see it')).statusCode).toBe(201)
  // The enquirer writing again is no reply; the poster's second message changes nothing either.
  await sendAs(t.app, poster, ids[0]!, 'Any time this week')
  const rows = await selectRows<{ replied: boolean }>(
    t.database,
    sql`select replied_at is not null as replied from conversation_reply
      where contacted_id = ${poster.id} order by started_at`,
  )
  expect(rows.map((row) => row.replied)).toEqual([true, true, true, false])

  await age(ids[0]!, 72, 1)
  await age(ids[1]!, 72, 3)
  await age(ids[2]!, 72, 60)
  await age(ids[3]!, 72)
  expect(await replyStatsOf(t.database.db, poster.id)).toEqual({ replyRate: null, replyHours: null })
  await refresh()
  expect(await replyStatsOf(t.database.db, poster.id)).toEqual({ replyRate: 50, replyHours: 3 })

  // 30 days on, every one of them has left the window: nothing was marked, the window's move finds them.
  await refresh(new Date(Date.now() + 30 * 24 * HOUR))
  expect(await replyStatsOf(t.database.db, poster.id)).toEqual({ replyRate: null, replyHours: null })
})

test('below 3 conversations both are null; an unanswered enquiry counts once its 48 hours are up', async () => {
  const few = await enquiries(2)
  for (const id of few.ids) await sendAs(t.app, few.poster, id, 'Hello!')
  const fresh = await enquiries(3)
  await refresh()
  expect(await replyStatsOf(t.database.db, few.poster.id)).toEqual({ replyRate: null, replyHours: null })
  expect(await replyStatsOf(t.database.db, fresh.poster.id)).toEqual({ replyRate: null, replyHours: null })
  await refresh(new Date(Date.now() + 49 * HOUR))
  expect(await replyStatsOf(t.database.db, fresh.poster.id)).toEqual({ replyRate: 0, replyHours: null })
})
