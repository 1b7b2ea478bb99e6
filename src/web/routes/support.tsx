import { FaCircleQuestion, FaEnvelope, FaFacebookMessenger, FaPhone } from 'react-icons/fa6'
import { AfterHydration } from '../first-paint/after-hydration.tsx'
import { telHref } from '../components/info/contact-details.ts'
import { ContactPending, ContactValue, ExamplesNote } from '../components/info/contact-value.tsx'
import { loadContact, useContactDetails } from '../components/info/use-contact-details.ts'
import { Faq } from '../components/info/faq.tsx'
import { InfoCard } from '../components/info/info-card.tsx'
import { LegalNotes } from '../components/info/legal-notes.tsx'
import { PageHero } from '../components/info/page-hero.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'

export const loader = loadContact

// The details come from the server's settings: the build draws their places, the browser fills them in.
const pending = <ContactPending className="h-8 w-40" />

function Call() {
  const { phone, hours } = useContactDetails()
  if (!phone) return null
  return (
    <div className="flex flex-col gap-2">
      {hours && <p>{hours.value}</p>}
      <ContactValue item={phone} href={telHref(phone.value)} linkClassName="btn btn-sm btn-primary">
        Call {phone.value}
      </ContactValue>
    </div>
  )
}

function Email() {
  const { email } = useContactDetails()
  if (!email) return null
  return (
    <div className="flex flex-col gap-2">
      <p>
        Write to <ContactValue item={email} />. We reply within two working days.
      </p>
      {!email.isExample && (
        <a href={`mailto:${email.value}`} className="btn btn-sm btn-primary w-fit">
          Email us
        </a>
      )}
    </div>
  )
}

function Examples() {
  return <ExamplesNote details={useContactDetails()} />
}

export function Component() {
  return (
    <>
      <PageTitle title="Support" />
      <PageHero eyebrow="Support" title="Need Help Finding a Roommate?">
        Stuck on a listing, your account or the site itself? Pick the way that suits you.
      </PageHero>
      <div className="mx-auto grid max-w-6xl gap-6 px-4 sm:grid-cols-2 lg:grid-cols-4">
        <InfoCard Icon={FaPhone} title="Call">
          <AfterHydration fallback={pending}>
            <Call />
          </AfterHydration>
        </InfoCard>
        <InfoCard Icon={FaEnvelope} title="Email">
          <AfterHydration fallback={pending}>
            <Email />
          </AfterHydration>
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
      <AfterHydration fallback={null}>
        <Examples />
      </AfterHydration>
      <Faq />
      <LegalNotes />
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
