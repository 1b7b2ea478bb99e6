import { FaEnvelope, FaLocationDot, FaPhone } from 'react-icons/fa6'
import { InfoCard } from '../components/info/info-card.tsx'
import { PageHero } from '../components/info/page-hero.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { CONTACT } from '../components/info/contact-details.ts'

export function Component() {
  return (
    <>
      <PageTitle title="Contact" />
      <PageHero eyebrow="Contact" title="Talk to the Nestmate team">
        Questions about your account or a listing, or something that looks wrong? Write or call; a person
        reads every message.
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 md:grid-cols-3">
        <InfoCard
          Icon={FaEnvelope}
          title="Email"
          footer={
            <a href={`mailto:${CONTACT.email}`} className="link font-semibold link-primary">
              {CONTACT.email}
            </a>
          }
        >
          <p>The best way to reach us about anything. We answer within two working days.</p>
        </InfoCard>
        <InfoCard
          Icon={FaPhone}
          title="Phone"
          footer={
            <a href={`tel:${CONTACT.phoneHref}`} className="link font-semibold link-primary">
              {CONTACT.phone}
            </a>
          }
        >
          <p>{CONTACT.hours}</p>
        </InfoCard>
        <InfoCard Icon={FaLocationDot} title="Office">
          <p className="font-semibold text-base-content">{CONTACT.city}</p>
          <p>We work mostly online and do not hold walk-in hours, so please email before visiting.</p>
        </InfoCard>
      </div>
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
