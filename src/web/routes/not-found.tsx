import { Link, useLocation } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { ErrorView } from '../components/error-view.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'

export function Component() {
  const { pathname } = useLocation()
  return (
    <>
      <PageTitle title="Page not found" />
      <ErrorView
        message={
          <>
            There is no page at <code className="break-all">{pathname}</code>. It may have moved, or the link
            may be mistyped.
          </>
        }
        actions={
          <>
            <Link to={PATHS.home} className="btn btn-primary">
              Retry
            </Link>
            <Link to={PATHS.home} className="btn btn-outline">
              Back to Home
            </Link>
          </>
        }
      />
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
