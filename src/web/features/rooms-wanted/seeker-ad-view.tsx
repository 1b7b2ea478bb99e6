import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { FaUser } from 'react-icons/fa6'
import { PATHS } from '#shared/api.ts'
import { factsForDisplay, unitLabel } from '#shared/fact-table.ts'
import { formatRent } from '#shared/format.ts'
import { SEEKER_AD_FACTS } from '#shared/seeker-ad-facts.ts'
import type { SeekerAdDetail } from '#shared/seeker-ad.ts'
import { factText } from '../../components/facts/fact-text.ts'
import { PersonLink, ReplyStatsLine } from '../../components/reply-stats.tsx'
import { MatchExplanation } from '../listing-details/match-explanation.tsx'
import { posterTrust, TrustBadges } from '../people/trust-badges.tsx'
import { timeAgo } from '../../lib/time-ago.ts'

/**
 * A room-wanted ad in full: who, where, how much, when, their wishes and the match explained; `message` is the
 * way to write to its writer (for anyone but them).
 */
export function SeekerAdView({
  ad,
  currency,
  message,
}: {
  ad: SeekerAdDetail
  currency: string
  message?: ReactNode
}) {
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex items-center gap-4">
        {ad.userPhoto ? (
          <img
            src={ad.userPhoto}
            alt=""
            className="size-16 rounded-full object-cover"
            width={64}
            height={64}
          />
        ) : (
          <span
            aria-hidden="true"
            className="grid size-16 place-items-center rounded-full bg-base-300 text-xl"
          >
            <FaUser />
          </span>
        )}
        <div className="min-w-0">
          <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl">{ad.headline}</h1>
          <p className="text-base-content/80">
            <PersonLink id={ad.ownerId} name={ad.userName} />
            {ad.isExample && (
              <span className="badge badge-sm badge-neutral ml-2 font-semibold">Example person</span>
            )}
          </p>
          <ReplyStatsLine stats={ad} />
          <TrustBadges trust={posterTrust(ad)} label={`About ${ad.userName}`} className="mt-1" />
        </div>
      </header>
      {ad.status === 'paused' && (
        <p role="status" className="rounded-box bg-warning/20 p-3">
          Paused: only you can see this ad. Make it active again from your dashboard.
        </p>
      )}
      {ad.hiddenReason && (
        <p role="status" className="rounded-box bg-warning/20 p-3">
          Hidden by moderation: only {ad.isOwner ? 'you' : 'its writer'} and the moderators can see this ad.
        </p>
      )}
      <dl className="grid gap-x-6 gap-y-3 rounded-box bg-base-200 p-4 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-base-content/80">Budget</dt>
          <dd className="font-semibold">Up to {formatRent(ad.budget, currency)} / month</dd>
        </div>
        <div>
          <dt className="text-sm text-base-content/80">Room types</dt>
          <dd>{ad.roomTypes.join(', ')}</dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="text-sm text-base-content/80">Areas</dt>
          <dd>
            <ul className="list-disc pl-5">
              {ad.areas.map((area) => (
                <li key={area.placeId}>
                  {area.name}, within {area.radiusKm} km
                </li>
              ))}
            </ul>
          </dd>
        </div>
        {factsForDisplay(SEEKER_AD_FACTS).map(([name, fact]) => (
          <div key={name}>
            <dt className="text-sm text-base-content/80">{unitLabel(fact)}</dt>
            <dd>{factText(fact, ad[name])}</dd>
          </div>
        ))}
      </dl>
      {message}
      {ad.about && (
        <section aria-labelledby="about-heading">
          <h2 id="about-heading" className="text-lg font-semibold">
            About {ad.userName}
          </h2>
          <p className="mt-1 whitespace-pre-line wrap-anywhere">{ad.about}</p>
        </section>
      )}
      <p className="text-sm text-base-content/80">Confirmed {timeAgo(ad.confirmedAt)}</p>
      <MatchExplanation listing={ad} who="person" />
      {ad.isOwner && (
        <Link to={PATHS.mySeekerAd} className="btn btn-primary self-start">
          Edit your ad
        </Link>
      )}
    </article>
  )
}
