import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { prepareRaw } from '../../db/prepare-raw.ts'
import type { DatabaseHandle } from '../../db/client.ts'
import { openTestDatabase, selectRows } from '../../test/database.ts'
import { createConversationReads, inboxQuery } from './conversation-reads.ts'

/** A poster (plan-0) in 2,000 conversations, one message each, analyzed; the cursor of a page 90 % down. */
async function busyInbox(handle: DatabaseHandle): Promise<number> {
  await handle.db.execute(sql`insert into "user" (id, name, email)
    select 'plan-' || n, 'Plan ' || n, 'plan-' || n || '@nestmate.test' from generate_series(0, 2000) n`)
  await handle.db.execute(sql`insert into listing (owner_id, title, location, rent, room_type, contact)
    values ('plan-0', 'Room', 'Town', 700, 'Single', 'https://example.com/plan')`)
  await handle.db.execute(sql`with c as (
      insert into conversation (listing_id, seeker_id, poster_id)
      select (select id from listing), 'plan-' || n, 'plan-0' from generate_series(1, 2000) n
      returning id, seeker_id),
    m as (insert into message (conversation_id, sender_id, body)
      select id, seeker_id, 'Hello' from c order by seeker_id returning id, conversation_id, sender_id)
    insert into conversation_member (conversation_id, user_id, other_id, last_message_id)
    select m.conversation_id, side.user_id, side.other_id, m.id from m
    cross join lateral (values ('plan-0', m.sender_id), (m.sender_id, 'plan-0')) side(user_id, other_id)`)
  await handle.db.execute(sql`analyze`)
  const [row] = await selectRows<{ cursor: number }>(
    handle,
    sql`select last_message_id::float8 as cursor from conversation_member where user_id = 'plan-0'
      order by last_message_id desc offset 1800 limit 1`,
  )
  return row!.cursor
}

// A page deep in a big inbox must not read every newer message first. In this data the person takes part in every
// conversation, which makes walking `message` newest first the cheapest order for the planner; the page's cursor
// on the last message keeps that walk to the page (found by the conversations benchmark, docs/benchmarks.md).
test('an inbox page before a message id reads about a page of messages, not every newer one', async () => {
  const handle = await openTestDatabase({ poolSize: 1 })
  try {
    const cursor = await busyInbox(handle)
    const explain = prepareRaw<Record<string, string>>(
      handle.db,
      'inbox_plan_test',
      sql`explain (analyze, costs off, timing off) ${inboxQuery({ before: true, listing: false, seekerAd: false })}`,
    )
    const plan = (await explain({ userId: 'plan-0', before: cursor, limit: 25 }))
      .map((row) => Object.values(row).join(' '))
      .join('\n')
    // Every scan of message reads at most a few pages' rows (before the fix: the 1,800 newer ones, then the page).
    const reads = [...plan.matchAll(/Scan[^\n]* on message lm[^\n]*rows=(\d+)/g)].map((found) =>
      Number(found[1]),
    )
    expect(reads.length, plan).toBeGreaterThan(0)
    for (const rows of reads) expect(rows, plan).toBeLessThan(200)
  } finally {
    await handle.close()
  }
})

// The same person's pages through the repository, over and over: a named statement would switch to a generic plan
// after five calls, costed for someone with a couple of conversations, that reads all 2,000 of theirs and sorts
// them (10,000 in the conversations benchmark: 6 ms a page instead of 0.8). The inbox is planned for each call.
test('inbox pages are planned for their values on every call, never by a generic plan', async () => {
  const handle = await openTestDatabase({ poolSize: 1 })
  try {
    const cursor = await busyInbox(handle)
    const reads = createConversationReads(handle.db)
    for (let call = 0; call < 8; call++) {
      const first = await reads.inbox('plan-0', { limit: 25 })
      const deep = await reads.inbox('plan-0', { limit: 25, before: cursor })
      expect(first).toMatchObject({ more: true })
      expect(first.entries).toHaveLength(25)
      expect(deep.entries.every((entry) => entry.lastMessage.id < cursor)).toBe(true)
    }
    const kept = await selectRows<{ name: string }>(
      handle,
      sql`select name from pg_prepared_statements where statement like '%from conversation_member side%'`,
    )
    expect(kept).toEqual([])
  } finally {
    await handle.close()
  }
})
