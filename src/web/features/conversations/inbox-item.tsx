import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import type { InboxEntry } from '#shared/conversations.ts'
import { fullDate, timeAgo } from '../../lib/time-ago.ts'
import { REMOVED_SUBJECT } from './about-subject.ts'
import { enquiryWords } from './enquiry-words.ts'
import { Avatar, DELETED_ACCOUNT } from './avatar.tsx'
import { eventWords } from './event-words.ts'

/** One conversation in the inbox: who, about which room or ad, the last message and how many are unread. */
export function InboxItem({ entry }: { entry: InboxEntry }) {
  const name = entry.other?.name ?? DELETED_ACCOUNT
  const isUnread = entry.unread > 0
  const state = enquiryWords(entry, entry.about?.kind)
  return (
    <li>
      <Link
        to={PATHS.conversation(entry.id)}
        className="flex items-start gap-3 rounded-box border border-base-300 bg-base-100 p-3 hover:bg-base-200 focus-visible:bg-base-200"
      >
        <Avatar photo={entry.other?.photo ?? null} />
        <div className="min-w-0 flex-1">
          <div className="flex items-baseline justify-between gap-2">
            <h2 className={`truncate ${isUnread ? 'font-bold' : 'font-semibold'}`}>{name}</h2>
            <time
              dateTime={entry.lastMessage.createdAt}
              title={fullDate(entry.lastMessage.createdAt)}
              className="shrink-0 text-xs text-base-content/80"
            >
              {timeAgo(entry.lastMessage.createdAt)}
            </time>
          </div>
          <p className="truncate text-sm text-base-content/80">
            {entry.about ? `About “${entry.about.title}”` : REMOVED_SUBJECT}
          </p>
          {state && (
            <p className="text-sm font-semibold">{entry.startedByMe ? `Your enquiry: ${state}` : state}</p>
          )}
          <p className={`truncate ${isUnread ? 'font-semibold' : 'text-base-content/90'}`}>
            {entry.lastMessage.event ? (
              eventWords(entry.lastMessage.event, entry.about?.kind).title
            ) : (
              <>
                {entry.lastMessage.mine && <span className="text-base-content/80">You: </span>}
                {entry.lastMessage.body}
              </>
            )}
          </p>
        </div>
        {isUnread && (
          <span className="badge badge-primary mt-1 shrink-0">
            {entry.unread}
            <span className="sr-only"> unread</span>
          </span>
        )}
      </Link>
    </li>
  )
}
