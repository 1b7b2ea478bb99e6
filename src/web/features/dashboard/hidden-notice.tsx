import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import type { HiddenState } from '#shared/reports.ts'

const HEADLINE = {
  moderator: 'Hidden by moderators',
  reports: 'Hidden while reports are looked at',
  suspended: 'Hidden: your account is suspended',
} as const

/**
 * What the owner of a hidden listing or ad is told in place of its freshness (decision 084): by whom, a
 * moderator's reason, that nobody else sees it, and how to ask for a review. Only the owner's own pages show it.
 */
export function HiddenNotice({
  hidden,
  thing,
}: {
  hidden: NonNullable<HiddenState>
  thing: 'listing' | 'ad'
}) {
  return (
    <div role="status" className="rounded-box bg-warning/20 p-3 text-sm font-normal">
      <p className="font-semibold">{HEADLINE[hidden.reason]}</p>
      {hidden.note && <p className="wrap-anywhere">Reason: {hidden.note}</p>}
      <p>
        {hidden.reason === 'reports'
          ? `People reported this ${thing}; nobody else sees it until a moderator has looked. `
          : `Nobody else sees this ${thing}. `}
        If you think this is a mistake,{' '}
        <Link to={PATHS.contact} className="link">
          ask for a review
        </Link>
        .
      </p>
    </div>
  )
}
