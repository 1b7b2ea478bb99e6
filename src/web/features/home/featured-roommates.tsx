import { Await, Link, useRevalidator } from 'react-router'
import { API, PATHS } from '#shared/api.ts'
import { AfterHydration } from '../../first-paint/after-hydration.tsx'
import { CurrencyNote } from '../../components/currency-note.tsx'
import { ErrorView } from '../../components/error-view.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { ListingCard, type CardListing } from '../listings/listing-card.tsx'
import { EarlyCardsSlot } from '../../first-paint/early-templates.tsx'
import { CardTemplates, TOKEN_LISTING } from '../listings/early-card-templates.tsx'
import { CARD_GRID } from '../listings/results-parts.tsx'
import type { Featured } from './featured-api.ts'
import { SectionHeading } from './section-heading.tsx'

const NOTE_CLASS = 'mt-4 text-center'

/** Up to six Available listings. Loading, failure (with Retry) and empty states are all shown, never a lasting spinner. */
export function FeaturedRoommates({ featured }: { featured: Promise<Featured> }) {
  return (
    <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading
        id="featured-title"
        title="Featured Roommates Post"
        intro="The newest rooms that are still available. Open one for its details, and like it to see how to reach its poster (both need a free account)."
      />
      <AfterHydration
        early={<EarlyCardsSlot src={API.featured} template="early-featured" />}
        fallback={<Spinner label="Loading featured rooms…" />}
      >
        <Await resolve={featured} errorElement={<FeaturedError />}>
          {({ listings, currency }: Featured) => <FeaturedGrid listings={listings} currency={currency} />}
        </Await>
      </AfterHydration>
    </section>
  )
}

function FeaturedGrid({ listings, currency }: Featured) {
  if (listings.length === 0) {
    return (
      <p className="text-center text-base-content/80">
        No rooms are featured right now.{' '}
        <Link to={PATHS.browse} className="link link-primary">
          Browse all listings
        </Link>
      </p>
    )
  }
  return (
    <>
      <ul className={CARD_GRID}>
        {listings.map((listing) => (
          <FeaturedCard key={listing._id} listing={listing} currency={currency} />
        ))}
      </ul>
      <CurrencyNote currency={currency} className={NOTE_CLASS} />
    </>
  )
}

/** The featured rooms as the build's templates for early cards (decision 036). */
export function FeaturedTemplates() {
  return (
    <CardTemplates
      name="early-featured"
      block={
        <>
          <ul data-cards className={CARD_GRID} />
          <CurrencyNote currency="~currency~" className={NOTE_CLASS} />
        </>
      }
      card={<FeaturedCard listing={TOKEN_LISTING} currency="USD" />}
    />
  )
}

/** One featured room: its card, which opens the (sign-in) details. */
export function FeaturedCard({ listing, currency }: { listing: CardListing; currency: string }) {
  return (
    <li>
      <ListingCard listing={listing} to={PATHS.details(listing._id)} currency={currency} />
    </li>
  )
}

function FeaturedError() {
  const revalidator = useRevalidator()
  const isRetrying = revalidator.state === 'loading'
  return (
    <ErrorView
      headingLevel="h3"
      title="Featured rooms could not be loaded"
      message="We could not reach Nestmate's listings just now. Check your connection and try again."
      className="py-6"
      actions={
        <button
          type="button"
          className="btn btn-primary"
          disabled={isRetrying}
          onClick={() => void revalidator.revalidate()}
        >
          {isRetrying ? 'Retrying…' : 'Retry'}
        </button>
      }
    />
  )
}
