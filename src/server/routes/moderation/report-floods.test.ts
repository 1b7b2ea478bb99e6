import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { REPORTS_PER_HOUR } from '#shared/reports.ts'
import { createListing, injectAs, signUp, signUpVerified, type TestUser, useTestApp } from '../../test/app.ts'
import { selectRows } from '../../test/database.ts'
import { QUEUE_TARGETS } from './moderation-queries.ts'

// A flood of reports can't bury the real ones (docs/decisions/071): a person's reports are limited per hour,
// counted in the database; the queue shows what reports hid first, pages by a cursor, and groups a flood by its
// reporter's mailbox.

const MODERATOR = 'flood-moderator@example.com'
const t = useTestApp({ ADMIN_EMAILS: MODERATOR })
let mod: TestUser | undefined
const asModerator = async () => (mod ??= await signUpVerified(t, { email: MODERATOR }))

type Page = {
  entries: { targetKind: string; targetId: string; target: { hiddenReason?: string } | null }[]
  nextCursor: string | null
  floods: {
    mailbox: string
    openReports: number
    accounts: { id: string; name: string; verified: boolean }[]
  }[]
}
const queuePage = async (cursor?: string) => {
  const url = `/api/moderation/queue${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`
  const response = await injectAs(t.app, await asModerator(), { method: 'GET', url })
  expect(response.statusCode).toBe(200)
  return response.json<Page>()
}
const report = (user: TestUser, targetId: string) =>
  injectAs(t.app, user, {
    method: 'POST',
    url: '/api/reports',
    payload: { targetKind: 'listing', targetId, reason: 'scam' },
  })

test('a person’s reports are limited per hour across their aliases, even all at once; the queue groups them', async () => {
  const owner = await signUp(t.app)
  const listings: string[] = []
  for (let i = 0; i < REPORTS_PER_HOUR + 5; i++) listings.push(await createListing(t.app, owner))
  const eve = `eve${randomUUID().slice(0, 6)}`
  const aliases = await Promise.all(
    [1, 2, 3].map((n) => signUpVerified(t, { email: `${eve}+${n}@example.net` })),
  )

  for (const [i, alias] of aliases.entries()) expect((await report(alias, listings[i]!)).statusCode).toBe(201)
  // The rest at once, as a flood sends them.
  const statuses = await Promise.all(listings.slice(3).map((id, i) => report(aliases[i % 3]!, id)))
  expect(statuses.filter((response) => response.statusCode === 201)).toHaveLength(REPORTS_PER_HOUR - 3)
  const refused = statuses.filter((response) => response.statusCode === 429)
  expect(refused).toHaveLength(5)
  expect(refused[0]!.json().error).toBe(
    `You have sent ${REPORTS_PER_HOUR} reports in the last hour; try again later.`,
  )

  // An unverified account is a person of its own (anyone can sign up with an address), with the same limit.
  const unverified = await signUp(t.app, { email: `${eve}+4@example.net` })
  for (const id of listings.slice(0, REPORTS_PER_HOUR))
    expect((await report(unverified, id)).statusCode).toBe(201)
  expect((await report(unverified, listings.at(-1)!)).statusCode).toBe(429)

  // The queue names the flood by mailbox with its accounts.
  const { floods } = await queuePage()
  expect(floods.find((flood) => flood.mailbox === `${eve}@example.net`)).toEqual({
    mailbox: `${eve}@example.net`,
    openReports: 2 * REPORTS_PER_HOUR,
    accounts: expect.arrayContaining([
      ...aliases.map((alias) => ({ id: alias.id, name: alias.name, verified: true })),
      { id: unverified.id, name: unverified.name, verified: false },
    ]),
  })

  // An hour on, the limit starts again.
  await t.database.db.execute(
    sql`update report set created_at = created_at - interval '61 minutes' where target_id in ${listings}`,
  )
  expect((await report(aliases[0]!, listings.at(-1)!)).statusCode).toBe(201)
})

test('the queue shows what reports hid first, then pages by cursor through every reported thing once', async () => {
  // A listing three people hid last week, under more than a page of newer reports on people.
  const owner = await signUp(t.app)
  const hidden = await createListing(t.app, owner)
  for (let i = 0; i < 3; i++) expect((await report(await signUpVerified(t), hidden)).statusCode).toBe(201)
  await t.database.db.execute(
    sql`update report set created_at = now() - interval '7 days' where target_id = ${hidden}`,
  )
  const prefix = `flooded-${randomUUID().slice(0, 6)}-`
  await t.database.db.execute(sql`
    insert into report (reporter_id, target_kind, target_id, reason, created_at)
    select null, 'user', ${prefix} || (i % 70), 'other', now() - (i * interval '1 minute')
    from generate_series(1, 140) i`)

  const first = await queuePage()
  expect(first.entries).toHaveLength(QUEUE_TARGETS)
  expect(first.entries[0]).toMatchObject({ targetId: hidden, target: { hiddenReason: 'reports' } })
  const seen = first.entries.map((entry) => entry.targetId)
  for (let cursor = first.nextCursor; cursor;) {
    const page = await queuePage(cursor)
    seen.push(...page.entries.map((entry) => entry.targetId))
    cursor = page.nextCursor
  }
  const expected = await selectRows<{ targetId: string }>(
    t.database,
    sql`select target_id as "targetId" from report where status = 'open' and target_id <> ${hidden}
      group by target_kind, target_id order by max(created_at) desc`,
  )
  expect(seen).toEqual([hidden, ...expected.map((row) => row.targetId)])

  for (const cursor of ['nonsense', Buffer.from('[1,"x","y"]').toString('base64url')]) {
    const response = await injectAs(t.app, await asModerator(), {
      method: 'GET',
      url: `/api/moderation/queue?cursor=${cursor}`,
    })
    expect([response.statusCode, response.json().error]).toEqual([400, 'Malformed cursor.'])
  }
})
