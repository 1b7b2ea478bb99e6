import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { injectAs, signUp, type TestUser, useTestApp, signUpVerified } from '../../test/app.ts'
import { selectRows } from '../../test/database.ts'
import { QUEUE_TARGETS } from './moderation-queries.ts'

// The queue's walk down the open reports (docs/decisions/054) answers what grouping every open report would: the
// QUEUE_TARGETS things with the newest open reports, newest first, each with all its open reports.

const MODERATOR = 'queue-moderator@example.com'
const t = useTestApp({ ADMIN_EMAILS: MODERATOR })
let mod: TestUser | undefined
const asModerator = async () => (mod ??= await signUpVerified(t, { email: MODERATOR }))

test('the queue is the things with the newest open reports, as grouping every open report orders them', async () => {
  const moderator = await asModerator()
  const reporters = [await signUp(t.app), await signUp(t.app)]
  // 90 things, 240 reports (by accounts deleted since): a few things with many, spread in time so their newest
  // reports interleave; some settled (they must not count); and two things tied at the newest time.
  await t.database.db.execute(sql`
    insert into report (reporter_id, target_kind, target_id, reason, status, created_at)
    select null, 'user', 'person-' || (floor(power(((i * 7919) % 240) / 240.0, 2) * 90))::int,
      'other', case when i % 7 = 0 then 'dismissed' else 'open' end,
      timestamptz '2026-11-01' + ((i * 37) % 240) * interval '1 minute'
    from generate_series(1, 240) i`)
  await t.database.db.execute(sql`
    insert into report (reporter_id, target_kind, target_id, reason, created_at)
    values (${reporters[0]!.id}, 'user', 'tied-a', 'scam', '2026-11-02'),
           (${reporters[1]!.id}, 'user', 'tied-b', 'scam', '2026-11-02')`)

  const expected = await selectRows<{ targetId: string; open: number }>(
    t.database,
    sql`select target_id as "targetId", count(*)::int as open from report where status = 'open'
      group by target_kind, target_id order by max(created_at) desc limit ${QUEUE_TARGETS}`,
  )
  const queue = (await injectAs(t.app, moderator, { method: 'GET', url: '/api/moderation/queue' })).json<{
    entries: { targetId: string; reports: unknown[] }[]
    openReports: number
  }>()
  expect(expected).toHaveLength(QUEUE_TARGETS)
  expect(queue.entries.map((entry) => entry.targetId).slice(2)).toEqual(
    expected.map((row) => row.targetId).slice(2),
  )
  // The two tied things come first, in either order.
  expect(new Set(queue.entries.slice(0, 2).map((entry) => entry.targetId))).toEqual(
    new Set(['tied-a', 'tied-b']),
  )
  expect(queue.entries.map((entry) => entry.reports.length)).toEqual(expected.map((row) => row.open))
  const [counted] = await selectRows<{ open: number }>(
    t.database,
    sql`select count(*)::int as open from report where status = 'open'`,
  )
  expect(queue.openReports).toBe(counted?.open)
})

test('an empty queue, and one with fewer things than a page', async () => {
  const moderator = await asModerator()
  const read = async () => {
    const response = await injectAs(t.app, moderator, { method: 'GET', url: '/api/moderation/queue' })
    expect(response.statusCode, response.body).toBe(200)
    return response.json<{ entries: { targetId: string }[] }>()
  }
  await t.database.db.execute(sql`update report set status = 'dismissed'`)
  expect((await read()).entries).toEqual([])
  const reporter = await signUp(t.app)
  await t.database.db.execute(sql`
    insert into report (reporter_id, target_kind, target_id, reason, created_at)
    values (${reporter.id}, 'user', 'one', 'scam', '2026-11-03'), (${reporter.id}, 'user', 'two', 'scam', '2026-11-04')`)
  expect((await read()).entries.map((entry) => entry.targetId)).toEqual(['two', 'one'])
})
