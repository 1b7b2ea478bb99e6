import { expect, test } from 'vitest'
import type { Message } from '#shared/conversations.ts'
import { mergeMessages, seenMessageId } from './merge-messages.ts'

const message = (id: number, mine = false): Message => ({
  id,
  conversationId: 'c',
  mine,
  kind: 'text',
  body: `m${id}`,
  createdAt: '2026-11-25T10:00:00.000Z',
  shielded: false,
  moneyAsk: false,
})

test('merging keeps id order and each message once, whatever arrives twice or late', () => {
  const merged = mergeMessages([message(1), message(3)], [message(3), message(2), message(4), message(2)])
  expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4])
  const same = [message(1)]
  expect(mergeMessages(same, [])).toBe(same)
})

test('"Seen" is under my newest message once the other has read up to it', () => {
  const messages = [message(1, true), message(2), message(3, true), message(4)]
  expect(seenMessageId(messages, null)).toBeNull()
  expect(seenMessageId(messages, 2)).toBeNull()
  expect(seenMessageId(messages, 3)).toBe(3)
  expect(seenMessageId([message(5)], 9)).toBeNull()
})
