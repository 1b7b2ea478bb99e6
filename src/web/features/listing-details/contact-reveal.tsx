import { FaEnvelope, FaPhone } from 'react-icons/fa'
import { EmailText } from '../../components/email-text.tsx'

export type InterestAction = 'like' | 'unlike' | null

type ContactRevealProps = {
  isLiked: boolean
  number: string | undefined
  userEmail: string | undefined
  isExample: boolean
  /** What the person did last on this page: its outcome is announced. */
  lastAction: InterestAction
}

/** The poster's phone as a tel: link's target: digits and a leading +. */
const telHref = (number: string) => `tel:${number.replace(/[^\d+]/g, '')}`

// A like always carries the e-mail, but between two people a block parts (docs/decisions/073).
const PARTED = 'The poster’s phone number and e-mail address aren’t shown to you.'

function announcement({ isLiked, number, userEmail, isExample, lastAction }: ContactRevealProps): string {
  if (lastAction === 'like' && isLiked && !userEmail) return `Liked. ${PARTED}`
  if (lastAction === 'like' && isLiked) {
    const phone = number ? `Phone: ${number}.` : 'No phone number given.'
    return `Liked. ${phone} E-mail: ${userEmail ?? 'not shown'}.${isExample ? ' Both are examples.' : ''}`
  }
  if (lastAction === 'unlike' && !isLiked)
    return 'Like taken back. The poster’s phone number and e-mail address are hidden again.'
  return ''
}

/**
 * Beside the Like button: what a like shows (the poster's phone number, if they gave one, and e-mail address), or
 * what it would show. Screen readers hear it as it appears, and hear it go with an unlike.
 */
export function ContactReveal(props: ContactRevealProps) {
  const { isLiked, number, userEmail, isExample } = props
  const example = isExample && <span className="badge badge-sm badge-neutral">Example</span>
  return (
    <section aria-label="The poster’s contacts" className="w-full text-sm">
      {isLiked && !userEmail ? (
        <p className="text-base-content/80">{PARTED}</p>
      ) : isLiked ? (
        <dl className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <FaPhone aria-hidden="true" className="text-primary" />
            <dt className="font-medium">Phone:</dt>
            <dd className="flex items-center gap-2 font-semibold">
              {number ? (
                <a className="link" href={telHref(number)}>
                  {number}
                </a>
              ) : (
                'not given'
              )}
              {number && example}
            </dd>
          </div>
          {userEmail && (
            <div className="flex flex-wrap items-center gap-2">
              <FaEnvelope aria-hidden="true" className="text-primary" />
              <dt className="font-medium">E-mail:</dt>
              <dd className="flex min-w-0 items-center gap-2 font-semibold">
                <a className="link" href={`mailto:${userEmail}`}>
                  <EmailText email={userEmail} />
                </a>
                {example}
              </dd>
            </div>
          )}
        </dl>
      ) : (
        <p className="text-base-content/80">
          Like this listing to see the poster’s phone number and e-mail address.
        </p>
      )}
      <p role="status" className="sr-only">
        {announcement(props)}
      </p>
    </section>
  )
}
