import { Await, Link, useRevalidator } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { AfterHydration } from '../../first-paint/after-hydration.tsx'
import { ErrorView } from '../../components/error-view.tsx'
import { Spinner } from '../../components/spinner.tsx'
import { ListingCard } from '../listings/listing-card.tsx'
import type { Featured } from './featured-api.ts'
import { SectionHeading } from './section-heading.tsx'

/** Up to six Available listings. Loading, failure (with Retry) and empty states are all shown, never a lasting spinner. */
export function FeaturedRoommates({ featured }: { featured: Promise<Featured> }) {
  return (
    <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading
        id="featured-title"
        title="Featured Roommates Post"
        intro="The newest rooms that are still available. Sign in to see the details and like the ones you want."
      />
      <AfterHydration fallback={<Spinner label="Loading featured rooms…" />}>
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
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {listings.map((listing) => (
        <li key={listing._id}>
          <ListingCard listing={listing} to={PATHS.details(listing._id)} currency={currency} />
        </li>
      ))}
    </ul>
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
