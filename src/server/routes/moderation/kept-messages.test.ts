import { expect, test } from 'vitest'
import { deleteExpiredBatch, SWEEPS } from '../../cleanup/cleanup-repository.ts'
import { BASE_URL, injectAs, signUpVerified, type TestUser, useTestApp } from '../../test/app.ts'
import { conversationBetween, messagesAs, sendAs } from '../conversations/test-requests.ts'

// A reported message outlives its sender's account for the moderators, for KEPT_MESSAGE_DAYS (docs/decisions/072).

const MODERATOR = 'kept-moderator@example.com'
const t = useTestApp({ ADMIN_EMAILS: MODERATOR })
const DAY = 24 * 60 * 60 * 1000

const deleteAccount = (person: TestUser) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/delete-user',
    headers: { origin: BASE_URL, cookie: person.cookie },
    payload: { password: person.password },
  })
const queueEntry = async (moderator: TestUser, messageId: number) => {
  const queue = await injectAs(t.app, moderator, { method: 'GET', url: '/api/moderation/queue' })
  return queue
    .json<{ entries: { targetId: string; target: unknown }[] }>()
    .entries.find((entry) => entry.targetId === String(messageId))
}

test('a deleted account’s reported message stays for the moderators, its sender shown as deleted, for 90 days', async () => {
  const moderator = await signUpVerified(t, { email: MODERATOR })
  const { poster, seeker, id } = await conversationBetween(t, 'Send the deposit by gift card')
  await sendAs(t.app, poster, id, 'Why gift cards?')
  await sendAs(t.app, seeker, id, 'Never mind')
  const [reported] = (await messagesAs(t.app, poster, id)).json<{ messages: { id: number }[] }>().messages
  const filed = await injectAs(t.app, poster, {
    method: 'POST',
    url: '/api/reports',
    payload: { targetKind: 'message', targetId: reported!.id, reason: 'scam' },
  })
  expect(filed.statusCode).toBe(201)

  expect((await deleteAccount(seeker)).statusCode).toBe(200)

  // Gone for the other side, as every message of a deleted account is.
  const left = (await messagesAs(t.app, poster, id)).json<{ messages: { body: string }[] }>().messages
  expect(left.map((message) => message.body)).toEqual(['Why gift cards?'])
  // Kept for the moderators, as it stood, the deleted sender named as such.
  const deletedSender = { id: seeker.id, name: 'a deleted account', suspended: false, deleted: true }
  expect((await queueEntry(moderator, reported!.id))?.target).toEqual({
    kind: 'message',
    id: String(reported!.id),
    sender: deletedSender,
    around: [
      expect.objectContaining({
        body: 'Send the deposit by gift card',
        sender: 'a deleted account',
        isReported: true,
      }),
      expect.objectContaining({ body: 'Why gift cards?', sender: poster.name, isReported: false }),
      expect.objectContaining({ body: 'Never mind', sender: 'a deleted account', isReported: false }),
    ],
  })

  // The cleanup forgets it once its time is up.
  const sweep = SWEEPS.find((candidate) => candidate.name === 'kept reported messages')!
  expect(await deleteExpiredBatch(t.database.db, sweep, new Date(Date.now() + 89 * DAY), 500)).toBe(0)
  expect(await deleteExpiredBatch(t.database.db, sweep, new Date(Date.now() + 91 * DAY), 500)).toBe(1)
  expect((await queueEntry(moderator, reported!.id))?.target).toBeNull()
})
