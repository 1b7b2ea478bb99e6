import type { ReactNode } from 'react'

// The templates of a prerendered page's early cards and the slot they go into (decision 036). The build renders a
// feature's real card once more with ~tokens~ (and sample values, where a field is formatted) in place of an item's
// fields, into <template>s outside the app's root; ./early-cards.js fills a copy per item of the page's first API
// answer into the slot the page's loading state leaves, and the app later draws the same cards in its place.

/** The kinds of card ./early-cards.js knows how to fill: a listing (browse, home) and a room-wanted ad. */
export type EarlyCardKind = 'listing' | 'seeker'

type EarlyTemplatesProps = {
  /** The slot's template name (EarlyCardsSlot's `template`). */
  name: string
  kind: EarlyCardKind
  /** What goes into the slot, with an element marked data-cards that takes the cards. */
  block: ReactNode
  /** One card, as the page's list has it, for the kind's token item. */
  card: ReactNode
  /**
   * The text a formatted field has in `card` (a rent, a day), by the name the script knows it by; or the words of a
   * field's values (who is posting), by value.
   */
  samples: Record<string, string | Record<string, string>>
  /** What differs by more than text: the script puts a copy of one in its stand-in's place. */
  parts: Record<string, ReactNode>
}

export function EarlyTemplates({ name, kind, block, card, samples, parts }: EarlyTemplatesProps) {
  return (
    <>
      <template id={name}>{block}</template>
      <template id={`${name}-card`} data-kind={kind} data-samples={JSON.stringify(samples)}>
        {card}
      </template>
      {Object.entries(parts).map(([part, element]) => (
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
