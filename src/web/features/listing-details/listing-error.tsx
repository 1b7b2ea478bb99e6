import { FaArrowLeft } from 'react-icons/fa'
import { isRouteErrorResponse, Link, useLocation, useNavigate, useRouteError } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { ErrorView } from '../../components/error-view.tsx'
import { PageTitle } from '../../components/page-title.tsx'

/**
 * Where "Back to Listings" goes: the list the person opened this listing from (a card passes its page, filters
 * included, as navigation state), else the browse page, the dashboard's one inside the dashboard.
 */
export function useBackToListings(): string {
  const { pathname, state } = useLocation()
  const from = (state as { from?: unknown } | null)?.from
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from
  return pathname.startsWith(PATHS.dashboard) ? PATHS.dashboardBrowse : PATHS.browse
}

/**
 * A link back to the list. Opened from that list, it goes back in history, so the list comes back as it was left:
 * the pages loaded with "Load more" and the scroll position.
 */
export function BackToListings({ to, className }: { to: string; className: string }) {
  const navigate = useNavigate()
  const { state } = useLocation()
  const cameFromList = (state as { from?: unknown } | null)?.from === to
  return (
    <Link
      to={to}
      className={className}
      onClick={(event) => {
        if (!cameFromList || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return
        event.preventDefault()
        void navigate(-1)
      }}
    >
      <FaArrowLeft aria-hidden="true" /> Back to Listings
    </Link>
  )
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
            ? 'This listing is no longer available.'
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
