import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import type { ListingDetail } from '#shared/listing.ts'
import { groupedReasons } from './match-reasons.ts'

type MatchExplanationProps = { listing: ListingDetail }

function ReasonList({ title, items }: { title: string; items: { id: string; text: string }[] }) {
  if (items.length === 0) return null
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <ul className="mt-1 list-disc pl-5">
        {items.map((item) => (
          <li key={item.id}>{item.text}</li>
        ))}
      </ul>
    </div>
  )
}

/** The viewer's match with the poster and why; an invitation instead when there is nothing to compare. */
export function MatchExplanation({ listing }: MatchExplanationProps) {
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
          (about two minutes) to see a match with this poster and the reasons for it.
        </p>
      </section>
    )
  if (!match)
    return (
      <section aria-labelledby="match-heading" className="rounded-box bg-base-200 p-4">
        <h2 id="match-heading" className="text-lg font-semibold">
          No match score
        </h2>
        <p className="mt-1">This poster hasn’t filled in a living profile, so there is nothing to compare.</p>
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
          You have fewer than 3 questions in common with this poster, too few for a fair score. Answering more
          questions in your living profile may help.
        </p>
      )}
      <ReasonList title="Dealbreakers" items={reasons.dealbreakers} />
      <ReasonList title="What you agree on" items={reasons.agree} />
      <ReasonList title="Where you differ" items={reasons.differ} />
      <p>
        <span className="font-semibold">Shared interests: </span>
        {match.sharedInterests.length > 0 ? match.sharedInterests.join(', ') : 'none yet'}
      </p>
    </section>
  )
}
