import { FaHandshake, FaMagnifyingGlassLocation, FaShieldHalved } from 'react-icons/fa6'
import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { InfoCard } from '../components/info/info-card.tsx'
import { PageHero } from '../components/info/page-hero.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'

export function Component() {
  return (
    <>
      <PageTitle title="About Us" />
      <PageHero eyebrow="About Nestmate" title="Sharing a home starts with the right person">
        Nestmate is a simple notice board for people who want to share a place: post a room, or browse rooms
        by location, budget and room type.
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-3">
        <InfoCard Icon={FaHandshake} title="Who We Are">
          <p>
            Nestmate is a roommate-finding web app for people who are moving or sharing a home. It brings
            rooms and the people looking for them into one place, as listings anyone can search and compare.
          </p>
        </InfoCard>
        <InfoCard Icon={FaMagnifyingGlassLocation} title="Our Mission">
          <p>
            To make finding a roommate less of a gamble. Every listing says up front where the room is, what
            it costs, what kind of room it is and how the poster likes to live, so you can skip the ones that
            don't fit.
          </p>
        </InfoCard>
        <InfoCard Icon={FaShieldHalved} title="What Makes Us Unique">
          <p>
            Your email address and phone number stay private until someone likes your listing, and only you
            can edit or delete what you post. No feeds, no bidding, no fees: browse, like, call.
          </p>
          <p className="text-sm">
            Nestmate does not check identities, so meet in a public place first and never pay before you have
            seen a room.
          </p>
        </InfoCard>
      </div>
      <section aria-labelledby="about-places" className="mx-auto mt-14 max-w-3xl px-4 text-center">
        <h2 id="about-places" className="text-2xl font-bold">
          Places and maps
        </h2>
        <p className="mt-2 text-base-content/80">
          Town and city names and positions come from{' '}
          <a className="link" href="https://www.geonames.org/">
            GeoNames
          </a>
          , used under the{' '}
          <a className="link" href="https://creativecommons.org/licenses/by/4.0/">
            Creative Commons Attribution 4.0 licence
          </a>
          . Map tiles are credited on the map itself (by default © OpenStreetMap contributors).
        </p>
      </section>
      <section aria-labelledby="about-next" className="mx-auto mt-14 max-w-3xl px-4 text-center">
        <h2 id="about-next" className="text-2xl font-bold">
          Ready to look around?
        </h2>
        <p className="mt-2 text-base-content/80">
          Browsing is open to everyone; posting a listing takes a free account.
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <Link to={PATHS.browse} className="btn btn-primary">
            Browse listings
          </Link>
          <Link to={PATHS.signup} className="btn btn-outline">
            Create an account
          </Link>
        </div>
      </section>
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
