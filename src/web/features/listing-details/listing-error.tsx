import { isRouteErrorResponse, Link, useLocation, useRouteError } from 'react-router'
import { PATHS } from '../../../shared/api.ts'
import { ErrorView } from '../../components/error-view.tsx'
import { PageTitle } from '../../components/page-title.tsx'

/** Browse in the dashboard leads back to the dashboard's browse page; elsewhere to the public one. */
export function useBackToListings(): string {
  return useLocation().pathname.startsWith(PATHS.dashboard) ? PATHS.dashboardBrowse : PATHS.browse
}

/** The ErrorBoundary of pages that load one listing: an unknown (404) or malformed (400) id is "not found". */
export function ListingErrorBoundary() {
  const error = useRouteError()
  const backTo = useBackToListings()
  const isMissing = isRouteErrorResponse(error) && (error.status === 404 || error.status === 400)
  return (
    <>
      <PageTitle title={isMissing ? 'Listing not found' : 'Error'} />
      <ErrorView
        title={isMissing ? 'Listing not found' : undefined}
        message={
          isMissing
            ? 'This listing does not exist or has been removed by its owner.'
            : 'We could not load this listing. Please try again.'
        }
        actions={
          <Link to={backTo} className="btn btn-primary">
            Back to Listings
          </Link>
        }
      />
    </>
  )
}
