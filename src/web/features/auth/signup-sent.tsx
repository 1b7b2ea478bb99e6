import { Link } from 'react-router'

type SignupSentProps = { email: string; loginTo: string }

/**
 * What a sign-up says next. The same words whether or not the address already has an account: the page tells
 * nobody who has one (docs/decisions/035), and the mail says which it is.
 */
export function SignupSent({ email, loginTo }: SignupSentProps) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <h2 className="text-xl font-semibold">Check your inbox</h2>
      <p>
        We've sent a mail to <strong className="break-all">{email}</strong>. If the address is new to
        Nestmate, it holds a link to confirm it; if it already has an account, it tells you how to get back
        in.
      </p>
      <p>Then log in with this address and your password.</p>
      <Link to={loginTo} className="btn btn-primary">
        Log in
      </Link>
      <p className="text-sm text-base-content/80">
        Nothing after a few minutes? Check your spam folder. The confirmation link works for 24 hours.
      </p>
    </div>
  )
}
