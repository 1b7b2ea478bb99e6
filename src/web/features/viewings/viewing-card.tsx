import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { API, PATHS } from '#shared/api.ts'
import type { Viewing } from '#shared/viewings.ts'
import { SafetyCard } from './safety-card.tsx'
import { ViewingActions } from './viewing-actions.tsx'
import { KIND_WORDS, STATUS_WORDS } from './viewing-words.ts'
import { spanIn, zoneWords } from './zoned-time.ts'

type ViewingCardProps = {
  viewing: Viewing
  isPoster: boolean
  /** The page's clock: what can be done depends on how near the viewing is. */
  now: number
  /** The seeker's extras: sharing the viewing, and afterwards "Did the viewing go OK?". */
  children?: ReactNode
}

/** One viewing in the dashboard's list: when, where, with whom, its state, and what either person can do. */
export function ViewingCard({ viewing, isPoster, now, children }: ViewingCardProps) {
  const other = isPoster ? viewing.seeker : viewing.poster
  const title = viewing.listingId ? (
    <Link to={PATHS.dashboardDetails(viewing.listingId)} className="link">
      {viewing.listingTitle}
    </Link>
  ) : (
    viewing.listingTitle
  )
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3 p-4">
        <h3 className="font-semibold wrap-anywhere">{title}</h3>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-base-content/80">When</dt>
          <dd>
            {spanIn(viewing.start, viewing.end, viewing.timeZone)} ({zoneWords(viewing.timeZone)})
          </dd>
          <dt className="text-base-content/80">{isPoster ? 'Visitor' : 'Shown by'}</dt>
          <dd>{other.name}</dd>
          <dt className="text-base-content/80">How</dt>
          <dd>{KIND_WORDS[viewing.kind]}</dd>
          {viewing.meetingPoint && (
            <>
              <dt className="text-base-content/80">Meeting point</dt>
              <dd className="wrap-anywhere">{viewing.meetingPoint}</dd>
            </>
          )}
          {viewing.videoLink && (
            <>
              <dt className="text-base-content/80">Video link</dt>
              <dd className="wrap-anywhere">
                <a href={viewing.videoLink} className="link" rel="noopener noreferrer" target="_blank">
                  {viewing.videoLink}
                </a>
              </dd>
            </>
          )}
          <dt className="text-base-content/80">Status</dt>
          <dd>
            <StatusWords viewing={viewing} />
          </dd>
        </dl>
        {viewing.status === 'booked' && Date.parse(viewing.end) > now && <SafetyCard />}
        <div className="flex flex-wrap gap-2">
          {viewing.conversationId && (
            <Link
              to={PATHS.conversation(viewing.conversationId)}
              className="btn btn-sm btn-ghost max-sm:min-h-11"
            >
              Messages with {other.name}
            </Link>
          )}
          {viewing.status === 'booked' && (
            <a
              href={API.viewingPart(viewing._id, 'calendar.ics')}
              download
              className="btn btn-sm btn-ghost max-sm:min-h-11"
            >
              Add to calendar (.ics)
            </a>
          )}
        </div>
        <ViewingActions viewing={viewing} isPoster={isPoster} now={now} />
        {children}
      </div>
    </li>
  )
}

function StatusWords({ viewing }: { viewing: Viewing }) {
  let words = STATUS_WORDS[viewing.status]
  if (viewing.cancelledBy) words += ` by the ${viewing.cancelledBy === 'poster' ? 'poster' : 'visitor'}`
  if (viewing.cancelReason) words += `: “${viewing.cancelReason}”`
  if (viewing.status === 'booked' && viewing.lateMinutes)
    words += `, running ${viewing.lateMinutes} minutes late`
  return <>{words}</>
}
