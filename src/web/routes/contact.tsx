import { FaEnvelope, FaLocationDot, FaPhone } from 'react-icons/fa6'
import { AfterHydration } from '../first-paint/after-hydration.tsx'
import { InfoCard } from '../components/info/info-card.tsx'
import { PageHero } from '../components/info/page-hero.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { telHref } from '../components/info/contact-details.ts'
import { ContactPending, ContactValue, ExamplesNote } from '../components/info/contact-value.tsx'
import { loadContact, useContactDetails } from '../components/info/use-contact-details.ts'

export const loader = loadContact

// The details come from the server's settings: the build draws their places, the browser fills them in.
const pending = <ContactPending className="h-5 w-48" />

function Email() {
  const { email } = useContactDetails()
  return email && <ContactValue item={email} href={`mailto:${email.value}`} />
}

function Phone() {
  const { phone, hours } = useContactDetails()
  return (
    <>
      {phone && <ContactValue item={phone} href={telHref(phone.value)} />}
      {hours && <span className="block">{hours.value}</span>}
    </>
  )
}

function Office() {
  const { office } = useContactDetails()
  return office && <ContactValue item={office} />
}

function Examples() {
  return <ExamplesNote details={useContactDetails()} />
}

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
            <AfterHydration fallback={pending}>
              <Email />
            </AfterHydration>
          }
        >
          <p>The best way to reach us about anything. We answer within two working days.</p>
        </InfoCard>
        <InfoCard Icon={FaPhone} title="Phone">
          <AfterHydration fallback={pending}>
            <Phone />
          </AfterHydration>
        </InfoCard>
        <InfoCard Icon={FaLocationDot} title="Office">
          <p>
            <AfterHydration fallback={pending}>
              <Office />
            </AfterHydration>
          </p>
          <p>We work mostly online and do not hold walk-in hours, so please email before visiting.</p>
        </InfoCard>
      </div>
      <AfterHydration fallback={null}>
        <Examples />
      </AfterHydration>
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
