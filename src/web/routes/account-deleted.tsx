import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { AuthCard } from '../features/auth/auth-card.tsx'

// Where Profile settings' "Delete my account" ends: a confirmation that stays until the person moves on.
export function Component() {
  return (
    <AuthCard words={['Account Deleted']} intro="Thank you for having used Nestmate.">
      <PageTitle title="Account deleted" />
      <div role="status" className="flex flex-col gap-3">
        <p className="font-semibold">Your Nestmate account has been deleted.</p>
        <p>
          Your listings with their photos, your living profile, your likes, your sign-ins and your account are
          gone for good. Your e-mail address can be used for a new account.
        </p>
        <div className="flex flex-wrap gap-2">
          <Link to={PATHS.home} className="btn btn-primary">
            Back to Home
          </Link>
          <Link to={PATHS.browse} className="btn btn-outline">
            Browse listings
          </Link>
        </div>
      </div>
    </AuthCard>
  )
}

export const ErrorBoundary = RouteErrorBoundary
