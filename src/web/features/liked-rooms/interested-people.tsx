import { useState } from 'react'
import type { Liker } from '#shared/likes.ts'
import { getLikers } from './api.ts'
import { fullDate, timeAgo } from '../../lib/time-ago.ts'

// The server answers the newest 100 likers at most.
const SHOWN_AT_MOST = 100

type InterestedPeopleProps = { listingId: string; title: string; likes: number }

type State = { status: 'idle' | 'loading' | 'error' } | { status: 'loaded'; likers: Liker[] }

/**
 * "N interested" on one of the person's own listings: opening it loads who liked the listing (name, photo, when).
 * Loaded on first open only, and again after a failure.
 */
export function InterestedPeople({ listingId, title, likes }: InterestedPeopleProps) {
  const [state, setState] = useState<State>({ status: 'idle' })

  async function load() {
    setState({ status: 'loading' })
    try {
      setState({ status: 'loaded', likers: await getLikers(listingId) })
    } catch {
      setState({ status: 'error' })
    }
  }

  return (
    <details
      className="mt-1 text-sm font-normal"
      onToggle={(event) => {
        if (event.currentTarget.open && (state.status === 'idle' || state.status === 'error')) void load()
      }}
    >
      <summary className="w-fit cursor-pointer font-medium text-primary">
        {likes} interested<span className="sr-only"> in {title}</span>
      </summary>
      <div className="mt-2" aria-live="polite">
        {state.status === 'loading' && <p>Loading who is interested…</p>}
        {state.status === 'error' && (
          <p role="alert" className="text-error">
            Could not load who is interested. Close and open this again to retry.
          </p>
        )}
        {state.status === 'loaded' && <LikerList likers={state.likers} likes={likes} />}
      </div>
    </details>
  )
}

function LikerList({ likers, likes }: { likers: Liker[]; likes: number }) {
  if (likers.length === 0) return <p>Nobody likes this listing any more.</p>
  return (
    <>
      <ul className="flex flex-col gap-2">
        {likers.map((liker) => (
          <li key={`${liker.likedAt}-${liker.name}`} className="flex items-center gap-2">
            <img
              src={liker.photo || '/default-avatar.svg'}
              alt=""
              width={32}
              height={32}
              loading="lazy"
              referrerPolicy="no-referrer"
              className="size-8 shrink-0 rounded-full bg-base-300 object-cover"
              onError={(event) => {
                event.currentTarget.src = '/default-avatar.svg'
              }}
            />
            <span className="min-w-0 wrap-anywhere">
              <span className="font-medium">{liker.name}</span>{' '}
              <span className="text-base-content/80">
                liked it{' '}
                <time dateTime={liker.likedAt} title={fullDate(liker.likedAt)}>
                  {timeAgo(liker.likedAt)}
                </time>
              </span>
            </span>
          </li>
        ))}
      </ul>
      {likers.length >= SHOWN_AT_MOST && likes > likers.length && (
        <p className="mt-2 text-base-content/80">Showing the {likers.length} most recent.</p>
      )}
    </>
  )
}
