import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { createListing, signUp, useTestApp, type TestUser } from '../test/app.ts'
import { selectRows, testDatabaseKind } from '../test/database.ts'
import { dataOf, openSse, type SseClient, type SseEvent } from '../live/test-sse.ts'
import { savedSearchOf, searchToken, seenAs } from '../routes/saved-searches/test-requests.ts'

// A saved search's new rooms on the live stream (issue 41, finding 8): the badge's count comes when the stream
// opens, again when the matcher records a hit and when the search is opened, never counting a room moderation hid.

const t = useTestApp({}, { live: { heartbeatMs: 100 } })
let url = ''
beforeAll(async () => {
  url = `${await t.app.listen({ port: 0, host: '127.0.0.1' })}/api/live`
})
const open: SseClient[] = []
afterAll(() => open.forEach((client) => client.close()))

async function live(person: TestUser) {
  const client = await openSse(url, { cookie: person.cookie })
  open.push(client)
  expect(client.status).toBe(200)
  return client
}
const isCount = (event: SseEvent) => event.event === 'saved-searches'
/** The next count the client gets. */
const newRooms = async (client: SseClient) =>
  dataOf<{ newRooms: number }>(await client.next(isCount)).newRooms
/** Waits for the count `count` (each opening stream tells all of its person's streams their counts). */
const countOf = (client: SseClient, count: number) =>
  client.next((event) => isCount(event) && dataOf<{ newRooms: number }>(event).newRooms === count)

/** What the listing's write wakes: the matcher, run now. */
async function match() {
  await t.app.jobs.send('saved-search-match', {})
  await t.app.jobs.runDue('saved-search-match')
}

test(`a matched room reaches the searcher's open pages as a new count, on ${testDatabaseKind}`, async () => {
  const seeker = await signUp(t.app)
  const poster = await signUp(t.app)
  const token = searchToken('live')
  const search = await savedSearchOf(t.app, seeker, `q=${token}`, 'off')
  const [tab, otherTab] = [await live(seeker), await live(seeker)]
  expect(await newRooms(tab)).toBe(0)
  expect(await newRooms(otherTab)).toBe(0)

  const first = await createListing(t.app, poster, { title: `${token} one` })
  await match()
  await countOf(tab, 1)
  await countOf(otherTab, 1)

  // Hidden by moderation after it matched: the next count leaves it out.
  await selectRows(t.database, sql`update listing set hidden_reason = 'moderator' where id = ${first}`)
  const second = await createListing(t.app, poster, { title: `${token} two` })
  await match()
  expect(await newRooms(tab)).toBe(1)

  // Opened: the answer names the rooms new since the last look (for their "New" labels), and every tab's badge
  // starts again.
  const seen = await seenAs(t.app, seeker, search)
  expect(seen.json().newListingIds).toEqual([second])
  await countOf(tab, 0)
  await countOf(otherTab, 0)
  expect((await seenAs(t.app, seeker, search)).json().newListingIds).toEqual([])

  // A stream that opens later starts from the count as it is.
  await createListing(t.app, poster, { title: `${token} three` })
  await match()
  await countOf(tab, 1)
  expect(await newRooms(await live(seeker))).toBe(1)
}, 30_000)
