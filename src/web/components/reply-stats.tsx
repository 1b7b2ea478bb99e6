import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { replyStatsLine, type ReplyStats } from '#shared/trust-words.ts'

/**
 * How a person answers, in plain words ("Usually replies within 3 hours"); nothing below 3 enquiries (decision 088).
 * The "Replies quickly" badge is among the person's badges (features/people/trust-badges.tsx).
 */
export function ReplyStatsLine({ stats, className = '' }: { stats: ReplyStats; className?: string }) {
  const line = replyStatsLine(stats)
  if (!line) return null
  return <span className={`text-sm ${className}`}>{line}</span>
}

/** A person's name as the link to their public profile. */
export function PersonLink({ id, name, className = '' }: { id: string; name: string; className?: string }) {
  return (
    <Link to={PATHS.person(id)} className={`link ${className}`}>
      {name}
    </Link>
  )
}
