import { Link } from 'react-router'
import { FaCalendarDay, FaHeartPulse, FaLocationDot, FaUser } from 'react-icons/fa6'
import { formatRent } from '#shared/format.ts'
import type { SeekerAdSummary } from '#shared/seeker-ad.ts'
import { factText } from '../../components/facts/fact-text.ts'
import { SEEKER_AD_FACTS } from '#shared/seeker-ad-facts.ts'
import { posterTrust, TrustBadges } from '../people/trust-badges.tsx'

type SeekerCardProps = { ad: SeekerAdSummary; to: string; currency: string }

/** The areas as people read them: "Berlin, Germany (10 km)". */
export const areasText = (ad: Pick<SeekerAdSummary, 'areas'>) =>
  ad.areas.map((area) => `${area.name} (${area.radiusKm} km)`).join(' · ')

/** When the seeker can move in, as the card says it: "From 1 December 2026" or "Any time". */
export const moveInText = (ad: Pick<SeekerAdSummary, 'moveInFrom'>) =>
  ad.moveInFrom ? `From ${factText(SEEKER_AD_FACTS.moveInFrom, ad.moveInFrom)}` : 'Any time'

/** How long they mean to stay, after the move-in: " · 6 months", or nothing when the ad doesn't say. */
export const stayText = (ad: Pick<SeekerAdSummary, 'minStayMonths'>) =>
  ad.minStayMonths ? ` · ${factText(SEEKER_AD_FACTS.minStayMonths, ad.minStayMonths)}` : null

/** The badge of a made-up demo person. */
export const EXAMPLE_PERSON = 'Example person'

/** The seeker's photo, or a person icon without one. */
export function SeekerAvatar({ photo }: { photo: string | null }) {
  return photo ? (
    <img src={photo} alt="" className="size-12 rounded-full object-cover" width={48} height={48} />
  ) : (
    <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-base-300">
      <FaUser />
    </span>
  )
}

/** A room-wanted ad as a card: the whole card opens the ad (one link, stretched over it). */
export function SeekerCard({ ad, to, currency }: SeekerCardProps) {
  return (
    <article className="card relative h-full border border-base-300 bg-base-100 shadow-sm transition-shadow hover:shadow-md">
      <div className="card-body gap-3">
        <div className="flex items-center gap-3">
          <SeekerAvatar photo={ad.userPhoto} />
          <div className="min-w-0">
            <p className="font-semibold wrap-anywhere">{ad.userName}</p>
            {ad.isExample && (
              <span className="badge badge-sm badge-neutral font-semibold">{EXAMPLE_PERSON}</span>
            )}
          </div>
        </div>
        <h3 className="card-title text-lg leading-snug wrap-anywhere">{ad.headline}</h3>
        <dl className="grid gap-1.5 text-sm text-base-content/80">
          <div>
            <dt className="sr-only">Budget</dt>
            <dd className="text-base font-semibold text-base-content">
              Up to {formatRent(ad.budget, currency)} / month
            </dd>
          </div>
          <div className="flex items-center gap-2">
            <FaLocationDot aria-hidden="true" className="shrink-0 text-primary" />
            <dt className="sr-only">Areas</dt>
            <dd className="wrap-anywhere">{areasText(ad)}</dd>
          </div>
          <div className="flex items-center gap-2">
            <FaCalendarDay aria-hidden="true" className="shrink-0 text-primary" />
            <dt className="sr-only">Move in</dt>
            <dd>
              {moveInText(ad)}
              {stayText(ad)}
            </dd>
          </div>
          <div>
            <dt className="sr-only">Room types</dt>
            <dd>{ad.roomTypes.join(', ')}</dd>
          </div>
          {ad.match !== undefined && (
            <div className="flex items-center gap-2">
              <FaHeartPulse aria-hidden="true" className="shrink-0 text-primary" />
              <dt className="sr-only">Match</dt>
              <dd>
                {ad.match === null ? (
                  'No match score'
                ) : (
                  <span className="font-semibold text-base-content">{ad.match}% match</span>
                )}
              </dd>
            </div>
          )}
        </dl>
        <TrustBadges trust={posterTrust(ad)} label={`About ${ad.userName}`} />
        <div className="card-actions mt-auto justify-end">
          <Link to={to} className="btn btn-primary btn-sm after:absolute after:inset-0 active:translate-y-0">
            See ad<span className="sr-only">: {ad.headline}</span>
          </Link>
        </div>
      </div>
    </article>
  )
}

export const SEEKER_GRID = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3'
