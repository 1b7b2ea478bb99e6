import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import type { BrowsePage } from './browse-api.ts'

type MatchPromptProps = { profile: BrowsePage['profile']; refused: string | null }

/** Signed in without a living profile: an invitation to fill one, which is what puts a match on every card. */
export function MatchPrompt({ profile, refused }: MatchPromptProps) {
  if (profile !== 'missing' && !refused) return null
  return (
    <div
      role={refused ? 'alert' : undefined}
      className="mb-4 rounded-box border border-primary/40 bg-base-200 p-4"
    >
      {refused && <p className="font-semibold">{refused}</p>}
      {profile === 'missing' && (
        <p>
          <Link to={PATHS.livingProfile} className="link link-primary">
            Fill in your living profile
          </Link>{' '}
          (about two minutes) to see how well you’d match with each poster, and to sort by best match.
        </p>
      )}
    </div>
  )
}
