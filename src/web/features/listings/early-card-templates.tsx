import type { ReactNode } from 'react'
import { formatRent } from '#shared/format.ts'
import type { Availability, RoomType } from '#shared/listing.ts'
import { LISTING_FACTS } from '#shared/listing-values.ts'
import { factText } from '../../components/facts/fact-text.ts'
import { AvailabilityBadge } from './availability-badge.tsx'
import { CardCover } from './card-cover.tsx'
import { ExampleBadge } from './example-badge.tsx'
import type { CardListing } from './listing-card.tsx'
import { EarlyTemplates } from '../../first-paint/early-templates.tsx'
import { BADGE_SAMPLES, TOKEN_POSTER } from '../people/trust-badges.tsx'

// The listing cards a prerendered page draws before the app has loaded (decision 036): the listing whose fields are
// tokens, and the parts that differ by more than text (src/web/first-paint/early-templates.tsx does the rest).

/** A rent no listing has (rents stop at 1,000,000): the script finds its text and writes the real rent there. */
const RENT_SAMPLE = 987_654_321

/** A listing whose every shown field is its token; the parts that vary by value come from PARTS below. */
export const TOKEN_LISTING: CardListing = {
  _id: '~_id~',
  title: '~title~',
  location: '~location~',
  placeName: '~placeName~',
  roomType: '~roomType~' as RoomType,
  userName: '~userName~',
  availability: '~availability~' as Availability,
  isExample: false,
  rent: RENT_SAMPLE,
  // Any time: the script writes each listing's own into the card's <time> and its words beside it.
  confirmedAt: '2000-01-01T00:00:00.000Z',
  cover: { url: '~coverUrl~', width: 800, height: 600, placeholder: '' },
  advertiser: '~advertiser~' as CardListing['advertiser'],
  ...TOKEN_POSTER,
}

/** What differs by more than text: a copy of each replaces its stand-in. */
const PARTS: Record<string, ReactNode> = {
  Available: <AvailabilityBadge availability="Available" />,
  'Not Available': <AvailabilityBadge availability="Not Available" />,
  'no-cover': <CardCover cover={null} title="" />,
  example: <ExampleBadge className="absolute top-2 left-2" />,
}

type CardTemplatesProps = {
  /** The slot's template name (EarlyCardsSlot's `template`). */
  name: string
  /** What goes into the slot, with an element marked data-cards that takes the cards. */
  block: ReactNode
  /** One card, as the page's grid has it, for TOKEN_LISTING. */
  card: ReactNode
}

/** The templates of one page's early listing cards, for the build to put after the app's root. */
export function CardTemplates({ name, block, card }: CardTemplatesProps) {
  return (
    <EarlyTemplates
      name={name}
      kind="listing"
      block={block}
      card={card}
      samples={{
        rent: formatRent(RENT_SAMPLE, 'USD'),
        ...BADGE_SAMPLES,
        // Who is posting, in the card's words (the script writes them over ~advertiser~).
        advertisers: Object.fromEntries(
          Object.keys(LISTING_FACTS.advertiser.options).map((value) => [
            value,
            factText(LISTING_FACTS.advertiser, value),
          ]),
        ),
      }}
      parts={PARTS}
    />
  )
}
