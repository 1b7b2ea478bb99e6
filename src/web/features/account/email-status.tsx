import { FaCircleCheck } from 'react-icons/fa6'
import { useFetcher } from 'react-router'
import { PATHS } from '#shared/api.ts'

export const RESEND_INTENT = 'resend-verification'

/** "Resend verification e-mail", posted to profile settings' action from wherever it is shown. */
export function ResendButton({ className = 'btn btn-sm btn-primary' }: { className?: string }) {
  const fetcher = useFetcher<{ resent?: boolean; error?: string }>({ key: 'resend-verification' })
  const isSending = fetcher.state !== 'idle'
  return (
    <fetcher.Form method="post" action={PATHS.profile} className="flex flex-wrap items-center gap-3">
      <input type="hidden" name="intent" value={RESEND_INTENT} />
      <button type="submit" className={className} disabled={isSending}>
        {isSending ? 'Sending…' : 'Resend verification e-mail'}
      </button>
      <span role="status" className="text-sm">
        {fetcher.data?.resent && 'Sent. Check your inbox for the link.'}
        {fetcher.data?.error}
      </span>
    </fetcher.Form>
  )
}

/** Whether the person's address is verified, with the way to verify it when it isn't. */
export function EmailStatus({ isVerified }: { isVerified: boolean }) {
  if (isVerified)
    return (
      <p className="badge flex w-fit gap-1 badge-success font-semibold">
        <FaCircleCheck aria-hidden="true" />
        E-mail verified
      </p>
    )
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm">
        <span className="badge badge-warning font-semibold">Not verified yet</span> Open the link we mailed
        you to put an “E-mail verified” mark on your listings.
      </p>
      <ResendButton />
    </div>
  )
}
