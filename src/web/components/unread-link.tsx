import { FaEnvelope } from 'react-icons/fa6'
import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { useUnread } from '../lib/live.ts'

/** "Messages" with the unread count, updated live: the inbox's way in from every page. */
export function UnreadLink() {
  const unread = useUnread()
  const count = unread?.messages ?? 0
  const label = count === 0 ? 'Messages' : `Messages, ${count} unread`
  return (
    <Link
      to={PATHS.inbox}
      className="btn btn-ghost btn-square btn-sm relative sm:btn-md"
      aria-label={label}
      title={label}
    >
      <FaEnvelope className="size-5" aria-hidden="true" />
      {count > 0 && (
        <span className="badge badge-primary badge-sm absolute -top-1 -right-1 px-1" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  )
}
