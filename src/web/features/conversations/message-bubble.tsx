import type { ReactNode } from 'react'
import { FaShieldHalved } from 'react-icons/fa6'
import type { Message } from '#shared/conversations.ts'
import { fullDate, timeAgo } from '../../lib/time-ago.ts'
import { MessageText } from './message-text.tsx'

type MessageBubbleProps = {
  message: Message
  /** "Seen" under it: the caller's newest message, read by the other. */
  isSeen: boolean
  /** What the reader may do with the other person's message (report it). */
  actions?: ReactNode
}

/** One message: the caller's on the right, the other person's on the left, with the contact shield's and the money note. */
export function MessageBubble({ message, isSeen, actions }: MessageBubbleProps) {
  const { mine, shielded, moneyAsk } = message
  return (
    <li className={`flex flex-col gap-1 ${mine ? 'items-end' : 'items-start'}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-4 py-2 wrap-anywhere whitespace-pre-wrap sm:max-w-[70%] ${
          mine
            ? 'rounded-br-sm bg-primary text-primary-content'
            : 'rounded-bl-sm border border-base-300 bg-base-200 text-base-content'
        }`}
      >
        <span className="sr-only">{mine ? 'You wrote: ' : 'They wrote: '}</span>
        <MessageText body={message.body} linksAsText={shielded || moneyAsk} />
      </div>
      {shielded && !mine && (
        <p role="note" className="alert alert-warning max-w-[85%] py-2 text-sm sm:max-w-[70%]">
          <FaShieldHalved aria-hidden="true" className="shrink-0" />
          <span>
            Keep the conversation on Nestmate until you’ve met. This message holds contact details; its links
            are shown as text.
          </span>
        </p>
      )}
      {moneyAsk && !mine && (
        <p role="note" className="alert alert-warning max-w-[85%] py-2 text-sm sm:max-w-[70%]">
          <FaShieldHalved aria-hidden="true" className="shrink-0" />
          <span>
            This message asks for money. Never pay anything (a deposit, a fee, gift cards, a transfer) before
            you have seen the room and met.
          </span>
        </p>
      )}
      <p className="flex flex-wrap items-center gap-x-3 px-1 text-xs text-base-content/80">
        <time dateTime={message.createdAt} title={fullDate(message.createdAt)}>
          {timeAgo(message.createdAt)}
        </time>
        {(shielded || moneyAsk) && mine && <span>Shown to them with a safety note</span>}
        {isSeen && <span className="font-semibold">Seen</span>}
        {actions}
      </p>
    </li>
  )
}
