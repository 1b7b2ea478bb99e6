import { Link } from 'react-router'
import { FaCircleCheck } from 'react-icons/fa6'
import { PATHS } from '#shared/api.ts'
import { formatRent } from '#shared/format.ts'
import type { PersonProfile } from '#shared/people.ts'
import { RATINGS, RATING_WORDS, RELATIONSHIP_WORDS, type PublicReferences } from '#shared/references.ts'
import { ReplyStatsLine } from '../../components/reply-stats.tsx'
import { ReportButton } from '../../components/report-button.tsx'
import { ReviewsSection } from './reviews-section.tsx'
import { TrustBadges } from './trust-badges.tsx'

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })

/** A person's public profile: who they are, how they answer, and their listings and ad shown to everyone. */
export function PersonView({
  person,
  currency,
  isMine = false,
}: {
  person: PersonProfile
  currency: string
  /** The viewer is this person: they may reply to reviews of them. */
  isMine?: boolean
}) {
  return (
    <article className="mx-auto flex max-w-3xl flex-col gap-6">
      <header className="flex items-center gap-4">
        <img
          src={person.photo || '/default-avatar.svg'}
          alt=""
          referrerPolicy="no-referrer"
          className="size-20 shrink-0 rounded-full border border-base-300 object-cover"
          width={80}
          height={80}
        />
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold wrap-anywhere sm:text-3xl">{person.name}</h1>
          <p className="text-sm text-base-content/80">
            Member since {monthYear.format(new Date(person.memberSince))}
          </p>
          <ReplyStatsLine stats={person} />
          <TrustBadges
            trust={{
              emailVerified: person.emailVerified,
              referenceCount: person.references.count,
              replyRate: person.replyRate,
              replyHours: person.replyHours,
              reviews: person.reviews.average
                ? {
                    count: person.reviews.count,
                    // One figure for the badge: the mean of the four ratings' averages.
                    average:
                      Object.values(person.reviews.average).reduce((sum, value) => sum + value, 0) /
                      Object.values(person.reviews.average).length,
                  }
                : undefined,
            }}
            label={`About ${person.name}`}
          />
        </div>
      </header>
      <References references={person.references} isMine={isMine} />
      <ReviewsSection reviews={person.reviews} isMine={isMine} />
      <section aria-labelledby="person-listings" className="flex flex-col gap-3">
        <h2 id="person-listings" className="text-xl font-semibold">
          Rooms offered
        </h2>
        {person.listings.length === 0 ? (
          <p className="text-base-content/80">No rooms offered right now.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {person.listings.map((listing) => (
              <li key={listing._id} className="rounded-box bg-base-200 p-3">
                <Link to={PATHS.details(listing._id)} className="link font-semibold">
                  {listing.title}
                </Link>
                <p className="text-sm">
                  {formatRent(listing.rent, currency)} / month · {listing.roomType} ·{' '}
                  {listing.placeName ?? listing.location} · {listing.availability}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="person-ad" className="flex flex-col gap-3">
        <h2 id="person-ad" className="text-xl font-semibold">
          Room wanted
        </h2>
        {person.seekerAd ? (
          <div className="rounded-box bg-base-200 p-3">
            <Link to={PATHS.seekerAd(person.seekerAd._id)} className="link font-semibold">
              {person.seekerAd.headline}
            </Link>
            <p className="text-sm">
              Up to {formatRent(person.seekerAd.budget, currency)} / month ·{' '}
              {person.seekerAd.areas.map((area) => area.name).join('; ')}
            </p>
          </div>
        ) : (
          <p className="text-base-content/80">Not looking for a room right now.</p>
        )}
      </section>
    </article>
  )
}

const month = (yearMonth: string) => monthYear.format(new Date(`${yearMonth}-01T00:00:00Z`))

/** The references the person shows: who wrote each (their name as typed), when, ratings and words. */
function References({ references, isMine }: { references: PublicReferences; isMine: boolean }) {
  return (
    <section aria-labelledby="person-references" className="flex flex-col gap-3">
      <h2 id="person-references" className="text-xl font-semibold">
        References {references.count > 0 && <span className="font-normal">({references.count})</span>}
      </h2>
      {references.count === 0 ? (
        <p className="text-base-content/80">No references yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {references.items.map((reference) => (
            <li key={reference._id} className="flex flex-col gap-1 rounded-box bg-base-200 p-3">
              <p className="font-semibold wrap-anywhere">{reference.refereeName}</p>
              <p className="text-sm">
                {RELATIONSHIP_WORDS[reference.relationship]}, {month(reference.from)} – {month(reference.to)}{' '}
                · <FaCircleCheck aria-hidden="true" className="inline text-success" /> Confirmed by e-mail
              </p>
              <p className="text-sm">
                {RATINGS.map((key) => `${RATING_WORDS[key]} ${reference[key]}/5`).join(' · ')}
              </p>
              {reference.text && <p className="whitespace-pre-line wrap-anywhere">{reference.text}</p>}
              {/* One's own references are hidden, not reported (docs/api.md, References). */}
              {!isMine && (
                <div className="flex flex-col items-start text-sm">
                  <ReportButton
                    targetKind="reference"
                    targetId={reference._id}
                    label="Report this reference"
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
