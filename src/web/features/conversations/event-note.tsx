import type { ReactNode } from 'react'
import type { Message } from '#shared/conversations.ts'
import { fullDate, timeAgo } from '../../lib/time-ago.ts'
import { eventWords } from './event-words.ts'

/** An event in the conversation (declined, room taken, a viewing): centred, not anyone's bubble. */
export function EventNote({
  message,
  subjectKind,
  children,
}: {
  message: Message
  subjectKind?: 'listing' | 'seekerAd'
  /** More about the event than its type says (a viewing's time and change). */
  children?: ReactNode
}) {
  if (!message.event) return null
  const { title, detail } = eventWords(message.event, subjectKind)
  return (
    <li className="flex flex-col items-center gap-1 text-center">
      <p className="rounded-box border border-base-300 bg-base-200 px-4 py-2 text-sm">
        <strong>{title}</strong>
        {detail && <span className="block text-base-content/80">{detail}</span>}
        {children}
      </p>
      <time
        dateTime={message.createdAt}
        title={fullDate(message.createdAt)}
        className="text-xs text-base-content/80"
      >
        {timeAgo(message.createdAt)}
      </time>
    </li>
  )
}
