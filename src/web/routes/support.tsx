import { FaCircleQuestion, FaEnvelope, FaFacebookMessenger, FaPhone } from 'react-icons/fa6'
import { CONTACT } from '../components/info/contact-details.ts'
import { Faq } from '../components/info/faq.tsx'
import { InfoCard } from '../components/info/info-card.tsx'
import { LegalNotes } from '../components/info/legal-notes.tsx'
import { PageHero } from '../components/info/page-hero.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'

export function Component() {
  return (
    <>
      <PageTitle title="Support" />
      <PageHero eyebrow="Support" title="Need Help Finding a Roommate?">
        Stuck on a listing, your account or the site itself? Pick the way that suits you.
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 sm:grid-cols-2 lg:grid-cols-4">
        <InfoCard
          Icon={FaPhone}
          title="Call"
          footer={
            <a href={`tel:${CONTACT.phoneHref}`} className="btn btn-sm btn-primary">
              Call {CONTACT.phone}
            </a>
          }
        >
          <p>{CONTACT.hours}</p>
        </InfoCard>
        <InfoCard
          Icon={FaEnvelope}
          title="Email"
          footer={
            <a href={`mailto:${CONTACT.email}`} className="btn btn-sm btn-primary">
              Email us
            </a>
          }
        >
          <p>Write to {CONTACT.email}. We reply within two working days.</p>
        </InfoCard>
        <InfoCard
          Icon={FaCircleQuestion}
          title="FAQ"
          footer={
            <a href="#faq" className="btn btn-sm btn-primary">
              Read the FAQ
            </a>
          }
        >
          <p>Quick answers about browsing, likes, phone numbers and your own listings.</p>
        </InfoCard>
        <InfoCard Icon={FaFacebookMessenger} title="Messenger">
          <p>Live chat is not available yet. Until it is, email reaches a person fastest.</p>
        </InfoCard>
      </div>
      <Faq />
      <LegalNotes />
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
