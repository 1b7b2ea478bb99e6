import { FaEnvelopeCircleCheck } from 'react-icons/fa6'
import { ResendButton } from './email-status.tsx'

/** Shown across the dashboard until the person's address is verified. */
export function VerifyEmailBanner({ email }: { email: string }) {
  return (
    <aside
      aria-label="E-mail verification"
      className="alert mb-6 flex flex-col items-start gap-2 alert-warning sm:flex-row sm:items-center"
    >
      <FaEnvelopeCircleCheck aria-hidden="true" className="size-5 shrink-0" />
      <p className="flex-1">
        Please confirm <strong className="break-all">{email}</strong>: open the link we mailed you.
      </p>
      <ResendButton className="btn btn-sm" />
    </aside>
  )
}
