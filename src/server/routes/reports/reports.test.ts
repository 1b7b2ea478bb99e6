import { sql } from 'drizzle-orm'
import { expect, test } from 'vitest'
import { injectAs, type TestUser, useTestApp } from '../../test/app.ts'
import { selectRows } from '../../test/database.ts'
import { conversationBetween, messagesAs, verifiedUser } from '../conversations/test-requests.ts'

const t = useTestApp()

const reportAs = (user: TestUser | null, payload: object) =>
  injectAs(t.app, user, { method: 'POST', url: '/api/reports', payload })

test('a participant reports the other person’s message once; the report waits in the queue', async () => {
  const { poster, seeker, id } = await conversationBetween(t, 'Pay the deposit by gift card first')
  const [message] = (await messagesAs(t.app, poster, id)).json().messages
  const filed = await reportAs(poster, {
    targetKind: 'message',
    targetId: message.id,
    reason: 'scam',
    note: 'Asks for gift cards',
  })
  expect([filed.statusCode, filed.json()]).toEqual([201, { reportId: expect.any(String) }])
  const again = await reportAs(poster, { targetKind: 'message', targetId: message.id, reason: 'offensive' })
  expect([again.statusCode, again.json().error]).toEqual([
    409,
    'You have already reported this; a moderator will look at it.',
  ])
  const rows = await selectRows(
    t.database,
    sql`select reporter_id as "reporterId", target_kind as "targetKind", target_id as "targetId", reason, note, status
      from report where id = ${filed.json().reportId}`,
  )
  expect(rows).toEqual([
    {
      reporterId: poster.id,
      targetKind: 'message',
      targetId: String(message.id),
      reason: 'scam',
      note: 'Asks for gift cards',
      status: 'open',
    },
  ])

  const own = await reportAs(seeker, { targetKind: 'message', targetId: message.id, reason: 'other' })
  expect([own.statusCode, own.json().error]).toEqual([400, "You can't report your own message."])
  const stranger = await reportAs(await verifiedUser(t), {
    targetKind: 'message',
    targetId: message.id,
    reason: 'scam',
  })
  expect([stranger.statusCode, stranger.json().error]).toEqual([
    403,
    'You can only report messages in your own conversations.',
  ])
  const unknown = await reportAs(poster, { targetKind: 'message', targetId: 9_000_000_000, reason: 'scam' })
  expect([unknown.statusCode, unknown.json().error]).toEqual([404, 'Message not found.'])
})

test('bad reports are a 400 naming the field', async () => {
  const { poster } = await conversationBetween(t)
  for (const [payload, error] of [
    [{ targetKind: 'listing', targetId: 1, reason: 'scam' }, 'targetKind must be message.'],
    [{ targetKind: 'message', targetId: 'x', reason: 'scam' }, 'Malformed message id.'],
    [
      { targetKind: 'message', targetId: 1, reason: 'boring' },
      'reason must be one of scam, offensive, not_a_real_room, already_taken, other.',
    ],
    [
      { targetKind: 'message', targetId: 1, reason: 'scam', note: 'x'.repeat(1001) },
      'Note must be at most 1,000 characters.',
    ],
  ] as const) {
    const response = await reportAs(poster, payload)
    expect([response.statusCode, response.json().error]).toEqual([400, error])
  }
})
