import { Link, isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { ApiRequestError } from '../lib/api.ts'
import { ErrorView } from './error-view.tsx'
import { NotFoundView } from './not-found-view.tsx'
import { PageTitle } from './page-title.tsx'

/** What went wrong, in words a visitor can act on; server details stay on the server. */
function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) {
    return `The page could not be loaded (${error.status}).`
  }
  if (error instanceof ApiRequestError) {
    return error.status >= 500 ? 'Our server had a problem. Please try again in a moment.' : error.message
  }
  if (error instanceof TypeError) return 'We could not reach Nestmate. Check your connection and try again.'
  return 'Something unexpected happened while loading this page.'
}

/** The ErrorBoundary every route module exports: same look as the not-found page, Retry reloads this page. */
export function RouteErrorBoundary() {
  const error = useRouteError()
  const navigate = useNavigate()
  const location = useLocation()
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <>
        <PageTitle title="Page not found" />
        <NotFoundView message="We could not find what this page shows." />
      </>
    )
  return (
    <>
      <PageTitle title="Error" />
      <ErrorView
        message={describe(error)}
        actions={
          <>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => void navigate(location, { replace: true })}
            >
              Retry
            </button>
            <Link to={PATHS.home} className="btn btn-outline">
              Back to Home
            </Link>
          </>
        }
      />
    </>
  )
}
