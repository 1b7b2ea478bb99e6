import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import type { ListingDetail } from '#shared/listing.ts'
import { groupedReasons } from './match-reasons.ts'

type MatchExplanationProps = {
  /** A listing's details, or anything else explained the same way (a room-wanted ad's). */
  listing: Pick<ListingDetail, 'isOwner' | 'match' | 'hasLivingProfile'>
  /** Who the viewer is matched with: "poster" on a listing, "person" on a room-wanted ad. */
  who?: string
}

type Reason = ReturnType<typeof groupedReasons>['agree'][number]

function ReasonList({ title, items }: { title: string; items: Reason[] }) {
  if (items.length === 0) return null
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-1 flex list-disc flex-col gap-1 pl-5">
        {items.map((item) => (
          <li key={item.id}>
            {item.text}
            {item.weights.length > 0 && (
              <span className="mt-0.5 flex flex-wrap gap-1">
                {item.weights.map((weight) => (
                  <span key={weight.side} className="badge badge-outline badge-sm h-auto py-0.5">
                    {weight.side === 'you' ? 'To you' : 'To them'}: {weight.text}
                  </span>
                ))}
              </span>
            )}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** How the score follows from the differences: each side's share of what matters to it, and their product. */
function Shares({ shares }: { shares: { yours: number; theirs: number } }) {
  const product = Math.sqrt((shares.yours / 100) * (shares.theirs / 100))
  return (
    <p>
      Their answers meet {shares.yours}% of what matters to you, and yours meet {shares.theirs}% of what
      matters to them; the match takes both (√({(shares.yours / 100).toFixed(2)} ×{' '}
      {(shares.theirs / 100).toFixed(2)}) ≈ {Math.round(100 * product)}%). Each wish met counts 10, however
      much it matters; a difference costs the side it misses by how much that side said it matters: a little
      1, somewhat 10, very much 50, a dealbreaker 250.
    </p>
  )
}

/** The viewer's match with the poster and why; an invitation instead when there is nothing to compare. */
export function MatchExplanation({ listing, who = 'poster' }: MatchExplanationProps) {
  if (listing.isOwner) return null
  const { match } = listing
  if (!listing.hasLivingProfile)
    return (
      <section aria-labelledby="match-heading" className="rounded-box bg-base-200 p-4">
        <h2 id="match-heading" className="text-lg font-semibold">
          How well would you match?
        </h2>
        <p className="mt-1">
          <Link to={PATHS.livingProfile} className="link link-primary">
            Fill in your living profile
          </Link>{' '}
          (about two minutes) to see a match with this {who} and the reasons for it.
        </p>
      </section>
    )
  if (!match)
    return (
      <section aria-labelledby="match-heading" className="rounded-box bg-base-200 p-4">
        <h2 id="match-heading" className="text-lg font-semibold">
          No match score
        </h2>
        <p className="mt-1">This {who} hasn’t filled in a living profile, so there is nothing to compare.</p>
      </section>
    )
  const reasons = groupedReasons(match)
  return (
    <section aria-labelledby="match-heading" className="flex flex-col gap-3 rounded-box bg-base-200 p-4">
      <h2 id="match-heading" className="text-lg font-semibold">
        {match.score === null ? 'No match score yet' : `${match.score}% match`}
      </h2>
      {match.score === null && (
        <p>
          You have fewer than 3 questions in common with this {who}, too few for a fair score. Answering more
          questions in your living profile may help.
        </p>
      )}
      {match.shares && <Shares shares={match.shares} />}
      <ReasonList title="Dealbreakers" items={reasons.dealbreakers} />
      <ReasonList title="Where you differ" items={reasons.differ} />
      <ReasonList title="What you agree on" items={reasons.agree} />
      <p>
        <span className="font-semibold">Shared interests: </span>
        {match.sharedInterests.length > 0 ? match.sharedInterests.join(', ') : 'none yet'}
      </p>
    </section>
  )
}
