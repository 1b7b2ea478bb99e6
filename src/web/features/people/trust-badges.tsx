import type { ReactNode } from 'react'
import { FaBolt, FaCircleCheck, FaStar, FaUserCheck } from 'react-icons/fa6'
import { referencesWords, repliesQuickly, type Trust } from '#shared/trust-words.ts'

/** The badges' words, as the early cards find them (src/web/first-paint/early-cards.js). */
export const BADGE_WORDS = { verified: 'E-mail verified', quick: 'Replies quickly' } as const

const averageFormat = new Intl.NumberFormat('en-US', { minimumFractionDigits: 1, maximumFractionDigits: 1 })

/** Each badge a person has earned, in words with an icon beside them; none below what it asks. */
function earned(trust: Trust): { key: string; icon: ReactNode; words: string }[] {
  const badges = []
  if (trust.emailVerified)
    badges.push({ key: 'verified', icon: <FaCircleCheck />, words: BADGE_WORDS.verified })
  if (trust.referenceCount > 0)
    badges.push({ key: 'references', icon: <FaUserCheck />, words: referencesWords(trust.referenceCount) })
  if (trust.reviews && trust.reviews.count > 0)
    badges.push({
      key: 'reviews',
      icon: <FaStar />,
      words: `Rated ${averageFormat.format(trust.reviews.average)} of 5 in ${trust.reviews.count} review${trust.reviews.count === 1 ? '' : 's'}`,
    })
  if (repliesQuickly(trust)) badges.push({ key: 'quick', icon: <FaBolt />, words: BADGE_WORDS.quick })
  return badges
}

type TrustBadgesProps = {
  trust: Trust
  /** The list's accessible name, e.g. "About the poster". */
  label: string
  className?: string
}

/**
 * A person's badges (decision 096): e-mail verified, references, review average, "Replies quickly". Words first,
 * so colour and icons are never the only signal; nothing at all when none is earned.
 */
export function TrustBadges({ trust, label, className = '' }: TrustBadgesProps) {
  const badges = earned(trust)
  if (badges.length === 0) return null
  return (
    <ul aria-label={label} data-badges="" className={`flex flex-wrap gap-1.5 ${className}`}>
      {badges.map(({ key, icon, words }) => (
        <li
          key={key}
          className="badge h-auto min-h-5 gap-1 border-base-300 bg-base-200 py-0.5 text-xs font-medium text-base-content"
        >
          <span aria-hidden="true" className="text-success">
            {icon}
          </span>
          {words}
        </li>
      ))}
    </ul>
  )
}

/** A reference count no one has (decision 096): the early cards find its words and write the poster's own. */
const REFERENCES_SAMPLE = 987_654

/** A poster with every badge a card shows, for the early cards' templates: the script drops what isn't earned. */
export const TOKEN_POSTER = {
  ownerVerified: true,
  referenceCount: REFERENCES_SAMPLE,
  replyRate: 100,
  replyHours: 1,
}

/** The text of each badge in the early cards' templates, by the name src/web/first-paint/early-cards.js knows. */
export const BADGE_SAMPLES = {
  verified: BADGE_WORDS.verified,
  references: referencesWords(REFERENCES_SAMPLE),
  quick: BADGE_WORDS.quick,
}

/** A listing's or an ad's poster as the badges take them. */
export const posterTrust = (poster: {
  ownerVerified: boolean
  referenceCount: number
  replyRate: number | null
  replyHours: number | null
}): Trust => ({
  emailVerified: poster.ownerVerified,
  referenceCount: poster.referenceCount,
  replyRate: poster.replyRate,
  replyHours: poster.replyHours,
})
