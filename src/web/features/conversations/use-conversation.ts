import { useCallback, useEffect, useRef, useState } from 'react'
import { useRevalidator } from 'react-router'
import type { Conversation, Message, MessagesPage } from '#shared/conversations.ts'
import { onLive, setUnread } from '../../lib/live.ts'
import { getMessages, markRead } from './api.ts'
import { mergeMessages } from './merge-messages.ts'

// Catching up asks for pages after the newest message shown; past this many, the page is simply reloaded.
const MAX_CATCH_UP_PAGES = 5

/**
 * An open conversation, live: the messages loaded with the page, those the stream brings, those missed while the
 * stream was away (fetched after the newest one shown), older pages on request; how far the other person has
 * read; and marking it read while it is on screen.
 */
export function useConversation(conversation: Conversation, initial: MessagesPage) {
  const { id } = conversation
  const [messages, setMessages] = useState(initial.messages)
  const [hasOlder, setHasOlder] = useState(initial.more)
  // How far the other has read: the header's (fresh after a block or a reload), or further by the stream.
  const [liveSeen, setLiveSeen] = useState(0)
  const seenUpTo = Math.max(liveSeen, conversation.seenUpTo ?? 0) || null
  const [isLoadingOlder, setIsLoadingOlder] = useState(false)
  const revalidator = useRevalidator()
  const latest = useRef(messages)
  useEffect(() => {
    latest.current = messages
  }, [messages])
  const markedUpTo = useRef(0)

  const add = useCallback(
    (incoming: Message[]) => setMessages((current) => mergeMessages(current, incoming)),
    [],
  )

  const catchUp = useCallback(async () => {
    for (let page = 0; page < MAX_CATCH_UP_PAGES; page++) {
      const after = latest.current.at(-1)?.id
      const next = await getMessages(id, after ? { after } : {})
      add(next.messages)
      if (!next.more) return
    }
    await revalidator.revalidate()
  }, [id, add, revalidator])

  useEffect(
    () =>
      onLive((event) => {
        if (event.type === 'message' && event.message.conversationId === id) {
          add([event.message])
          // An event (declined, room taken, a viewing) changes what the header says.
          if (event.message.kind === 'event') void revalidator.revalidate()
        } else if (event.type === 'read' && event.read.conversationId === id)
          setLiveSeen((seen) => Math.max(seen, event.read.seenUpTo))
        else if (event.type === 'block' && event.block.conversationId === id) void revalidator.revalidate()
        else if (event.type === 'resync') void catchUp().catch(() => {})
      }),
    [id, add, catchUp, revalidator],
  )

  // Read while on screen: whenever the newest message is the other person's and the page is visible.
  useEffect(() => {
    const newest = messages.at(-1)
    const readNow = () => {
      if (!newest || newest.mine || newest.id <= markedUpTo.current || document.visibilityState !== 'visible')
        return
      markedUpTo.current = newest.id
      markRead(id).then(setUnread, () => {
        markedUpTo.current = 0
      })
    }
    readNow()
    document.addEventListener('visibilitychange', readNow)
    return () => document.removeEventListener('visibilitychange', readNow)
  }, [id, messages])

  async function loadOlder() {
    const first = messages[0]
    if (!first) return
    setIsLoadingOlder(true)
    try {
      const page = await getMessages(id, { before: first.id })
      add(page.messages)
      setHasOlder(page.more)
    } finally {
      setIsLoadingOlder(false)
    }
  }

  return { messages, add, hasOlder, loadOlder, isLoadingOlder, seenUpTo }
}
