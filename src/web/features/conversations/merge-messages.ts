import type { Message } from '#shared/conversations.ts'

/**
 * Messages from the page, the live stream and catching up, as one list in id order with each message once: the
 * stream may bring a message the page has just loaded, or one older than the newest shown.
 */
export function mergeMessages(current: Message[], incoming: Message[]): Message[] {
  if (incoming.length === 0) return current
  const byId = new Map(current.map((message) => [message.id, message]))
  for (const message of incoming) byId.set(message.id, message)
  return [...byId.values()].sort((a, b) => a.id - b.id)
}

/** The caller's newest message, if the other person has read it: where "Seen" goes. */
export function seenMessageId(messages: Message[], seenUpTo: number | null): number | null {
  const mine = messages.findLast((message) => message.mine)
  return mine && seenUpTo !== null && seenUpTo >= mine.id ? mine.id : null
}
