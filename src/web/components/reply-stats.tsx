import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { repliesQuickly, replyStatsLine, type ReplyStats } from '#shared/people.ts'

/**
 * How a person answers, in plain words ("Usually replies within 3 hours"), and the "Replies quickly" badge when
 * earned; nothing below 3 enquiries (decision 088).
 */
export function ReplyStatsLine({ stats, className = '' }: { stats: ReplyStats; className?: string }) {
  const line = replyStatsLine(stats)
  if (!line) return null
  return (
    <span className={`inline-flex flex-wrap items-center gap-2 text-sm ${className}`}>
      <span>{line}</span>
      {repliesQuickly(stats) && <span className="badge badge-sm badge-success">Replies quickly</span>}
    </span>
  )
}

/** A person's name as the link to their public profile. */
export function PersonLink({ id, name, className = '' }: { id: string; name: string; className?: string }) {
  return (
    <Link to={PATHS.person(id)} className={`link ${className}`}>
      {name}
    </Link>
  )
}
