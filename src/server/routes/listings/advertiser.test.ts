import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { createListing, injectAs, sampleListing, signUp, useTestApp } from '../../test/app.ts'
import { testDatabaseKind } from '../../test/database.ts'

// Who is posting (docs/api.md, Who is posting): asked on every write, shown on browse's cards, held to its values by
// the database itself. facts.test.ts covers it as a row of the fact table; this pins what is particular to it.

const t = useTestApp()

test(`a listing must say who is posting, and the cards say it (${testDatabaseKind})`, async () => {
  const poster = await signUp(t.app)
  const missing = await injectAs(t.app, poster, {
    method: 'POST',
    url: '/api/roommate-listings',
    payload: sampleListing({ advertiser: undefined }),
  })
  expect(missing.statusCode).toBe(400)
  expect(missing.json().issues).toEqual([{ path: 'advertiser', message: 'Who is posting is required.' }])

  const title = `advertiser card ${Date.now()}`
  const id = await createListing(t.app, poster, { title, advertiser: 'live_in_landlord' })
  const cards = await injectAs(t.app, null, { method: 'GET', url: `/api/roommate-listings?q=${title}` })
  expect(cards.json()).toEqual([expect.objectContaining({ _id: id, advertiser: 'live_in_landlord' })])

  // A listing written before the question was asked says nothing, and no path around the API stores a made-up value.
  await t.database.db.execute(sql`update listing set advertiser = null where id = ${id}`)
  const older = await injectAs(t.app, poster, { method: 'GET', url: `/api/roommate-listings/${id}` })
  expect(older.json().advertiser).toBeNull()
  const refused = await t.database.db
    .execute(sql`update listing set advertiser = 'landlord' where id = ${id}`)
    .catch((error: Error) => error)
  expect(String((refused as Error).cause)).toMatch(/check constraint "listing_advertiser"/)
})
