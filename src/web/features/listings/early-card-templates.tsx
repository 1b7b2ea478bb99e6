import type { ReactNode } from 'react'
import { formatRent } from '#shared/format.ts'
import type { Availability, RoomType } from '#shared/listing.ts'
import { AvailabilityBadge } from './availability-badge.tsx'
import { CardCover } from './card-cover.tsx'
import { ExampleBadge } from './example-badge.tsx'
import type { CardListing } from './listing-card.tsx'

// The listing cards a prerendered page draws before the app has loaded (decision 036). The build renders the real
// components once more with ~tokens~ in place of a listing's fields, into <template>s outside the app's root;
// src/web/first-paint/early-cards.js fills a copy per listing from the page's first API answer, into the slot the
// page's loading state leaves for them. The app later draws the same cards in their place.

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

/** The templates of one page's early cards, for the build to put after the app's root. */
export function CardTemplates({ name, block, card }: CardTemplatesProps) {
  return (
    <>
      <template id={name}>{block}</template>
      <template id={`${name}-card`} data-rent-sample={formatRent(RENT_SAMPLE, 'USD')}>
        {card}
      </template>
      {Object.entries(PARTS).map(([part, element]) => (
        <template key={part} id={`early-part-${part}`}>
          {element}
        </template>
      ))}
    </>
  )
}

const EMPTY = { __html: '' }

/**
 * Where early cards go: part of a prerendered page's loading state. React never looks inside an element whose
 * content it was given as HTML, so hydration leaves the cards the script put there until the app draws its own.
 */
export function EarlyCardsSlot({ src, template }: { src: string; template: string }) {
  return (
    <div
      data-early-cards={src}
      data-template={template}
      dangerouslySetInnerHTML={EMPTY}
      suppressHydrationWarning
    />
  )
}
