import { Link } from 'react-router'
import type { LoginReason } from '../../lib/login-reason.ts'

type LoginReasonNoteProps = {
  reason: LoginReason
  /** The signup page with the same return path: one tap from logging in to creating an account. */
  signupTo?: string
}

/** Says which room is waiting behind the sign-in, when the visitor came from a listing's See More. */
export function LoginReasonNote({ reason, signupTo }: LoginReasonNoteProps) {
  const { teaser } = reason
  return (
    <div className="rounded-box border border-primary/40 bg-primary/5 p-4 text-sm">
      {teaser ? (
        <p>
          <span className="block text-base font-semibold wrap-anywhere">{teaser.title}</span>
          {teaser.rent && <span className="text-base-content/80">{teaser.rent}</span>}
        </p>
      ) : (
        <p className="text-base-content/80">Details and contact are for Nestmate members.</p>
      )}
      {signupTo && (
        <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1">
          New to Nestmate?
          <Link to={signupTo} className="btn btn-sm btn-primary btn-outline">
            Sign up to see it
          </Link>
        </p>
      )}
    </div>
  )
}
