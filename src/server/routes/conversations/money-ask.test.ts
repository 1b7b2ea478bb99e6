import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { useTestApp } from '../../test/app.ts'
import { bookAs, putTimesAs, sampleTimes, slotFrom, viewingAs } from '../viewings/test-requests.ts'
import { conversationBetween, messagesAs, sendAs } from './test-requests.ts'

const t = useTestApp()

const moneyAsks = async (user: Parameters<typeof messagesAs>[1], id: string) =>
  (await messagesAs(t.app, user, id))
    .json<{ messages: { body: string; moneyAsk: boolean }[] }>()
    .messages.map((m) => [m.body, m.moneyAsk])

test('a message asking for money before any viewing was done carries the note, for both; after one, none', async () => {
  const { poster, seeker, listingId, id } = await conversationBetween(t, 'How much is the deposit?')
  const asked = await sendAs(t.app, poster, id, 'Send the deposit by bank transfer before the viewing.')
  expect(asked.statusCode).toBe(201)
  expect(asked.json().moneyAsk).toBe(true)
  // The contact shield is its own: a money ask holding no contact isn't "shielded".
  expect(asked.json().shielded).toBe(false)
  for (const side of [poster, seeker])
    expect(await moneyAsks(side, id)).toEqual([
      ['How much is the deposit?', false],
      ['Send the deposit by bank transfer before the viewing.', true],
    ])

  // A viewing that took place: the two have met, money can be talked about.
  expect((await putTimesAs(t.app, poster, listingId, sampleTimes())).statusCode).toBe(200)
  const slot = await slotFrom(t.app, seeker, listingId)
  const viewingId = (await bookAs(t.app, seeker, listingId, slot.start)).json().viewing._id
  await t.database.db.execute(
    sql`update viewing set start = now() - interval '2 hours', "end" = now() - interval '1 hour'
      where id = ${viewingId}`,
  )
  expect((await viewingAs(t.app, poster, viewingId, 'outcome', { outcome: 'done' })).statusCode).toBe(200)
  const after = await sendAs(t.app, poster, id, 'Please pay the deposit by bank transfer now.')
  expect(after.json().moneyAsk).toBe(false)
})

test('a cancelled or missed viewing is no viewing done', async () => {
  const { poster, seeker, listingId, id } = await conversationBetween(t)
  expect((await putTimesAs(t.app, poster, listingId, sampleTimes())).statusCode).toBe(200)
  const slot = await slotFrom(t.app, seeker, listingId)
  const viewingId = (await bookAs(t.app, seeker, listingId, slot.start)).json().viewing._id
  expect((await viewingAs(t.app, seeker, viewingId, 'cancel')).statusCode).toBe(200)
  expect((await sendAs(t.app, poster, id, 'We only take gift cards as a holding fee.')).json().moneyAsk).toBe(
    true,
  )
})
