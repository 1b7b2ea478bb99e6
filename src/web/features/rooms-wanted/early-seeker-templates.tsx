import type { ReactNode } from 'react'
import { formatRent } from '#shared/format.ts'
import type { RoomType } from '#shared/listing.ts'
import type { SeekerAdSummary } from '#shared/seeker-ad.ts'
import { EarlyTemplates } from '../../first-paint/early-templates.tsx'
import { BADGE_SAMPLES, TOKEN_POSTER } from '../people/trust-badges.tsx'
import { areasText, EXAMPLE_PERSON, moveInText, SeekerAvatar, stayText } from './seeker-card.tsx'

// Rooms wanted's cards before the app has loaded (decision 036, extended by 062): an ad whose text fields are
// ~tokens~ and whose formatted fields are samples no ad has, for src/web/first-paint/early-cards.js to replace.

/** A budget no ad has (budgets stop at 1,000,000). */
const BUDGET_SAMPLE = 987_654_321
/** A day and a stay no ad has: stays stop at 36 months. */
const SAMPLE_AD = { moveInFrom: '2099-12-31', minStayMonths: 99 }
const AREAS_SAMPLE = 'Area sample'
/** A match is 0–100. */
const MATCH_SAMPLE = 999

export const TOKEN_AD: SeekerAdSummary = {
  _id: '~_id~',
  headline: '~headline~',
  budget: BUDGET_SAMPLE,
  ...SAMPLE_AD,
  roomTypes: ['~roomTypes~' as RoomType],
  areas: [{ placeId: 0, name: AREAS_SAMPLE, radiusKm: 1 }],
  userName: '~userName~',
  userPhoto: '~userPhoto~',
  isExample: true,
  createdAt: '',
  confirmedAt: '',
  match: MATCH_SAMPLE,
  ...TOKEN_POSTER,
}

type SeekerTemplatesProps = { name: string; block: ReactNode; card: ReactNode }

/** The templates of a page's early room-wanted cards: `card` is the page's own card for TOKEN_AD. */
export function SeekerTemplates({ name, block, card }: SeekerTemplatesProps) {
  return (
    <EarlyTemplates
      name={name}
      kind="seeker"
      block={block}
      card={card}
      samples={{
        budget: formatRent(BUDGET_SAMPLE, 'USD'),
        areas: areasText(TOKEN_AD),
        moveIn: moveInText(SAMPLE_AD),
        stay: stayText(SAMPLE_AD)!,
        match: String(MATCH_SAMPLE),
        example: EXAMPLE_PERSON,
        ...BADGE_SAMPLES,
      }}
      parts={{ 'no-photo': <SeekerAvatar photo={null} /> }}
    />
  )
}
