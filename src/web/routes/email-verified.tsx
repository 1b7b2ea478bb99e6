import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { AuthCard } from '../features/auth/auth-card.tsx'

// Better Auth checks the mailed link and sends the browser here, with ?error=<code> when it failed.
export function loader({ request }: LoaderFunctionArgs) {
  return { error: new URL(request.url).searchParams.get('error') }
}

export function Component() {
  const { error } = useLoaderData<typeof loader>()
  const expired = error === 'TOKEN_EXPIRED'
  return (
    <AuthCard
      words={[error ? 'Link Not Valid' : 'E-mail Verified']}
      intro={error ? 'Your address is not verified yet.' : 'Thanks for confirming your address.'}
    >
      <PageTitle title={error ? 'Verification link not valid' : 'E-mail verified'} />
      {error ? (
        <div role="alert" className="flex flex-col gap-3">
          <p className="font-semibold">
            {expired ? 'This verification link has expired.' : 'This verification link is not valid.'}
          </p>
          <p>
            A link works for 24 hours, and only the address it was sent to. Ask for a new one in your profile
            settings.
          </p>
          <Link to={PATHS.profile} className="btn btn-primary">
            Go to profile settings
          </Link>
        </div>
      ) : (
        <div role="status" className="flex flex-col gap-3">
          <p className="font-semibold">Your e-mail address is verified.</p>
          <p>Your listings now show an “E-mail verified” mark.</p>
          <Link to={PATHS.dashboard} className="btn btn-primary">
            Go to your dashboard
          </Link>
        </div>
      )}
    </AuthCard>
  )
}

export const ErrorBoundary = RouteErrorBoundary
