import type { ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { ErrorView } from './error-view.tsx'

/**
 * Whether this tab came here from another of Nestmate's pages: within the app (React Router counts its entries in
 * `idx`) or by a link that loaded the page.
 */
function canGoBack() {
  if (typeof window === 'undefined') return false
  if (((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0) return true
  return window.history.length > 1 && document.referrer.startsWith(`${window.location.origin}/`)
}

/**
 * A page that isn't there: said as such, with the way back. Retrying can't find it, so there is no Retry (the
 * spec's error page offers one for every path; docs/decisions/082-a-missing-page-says-so.md).
 */
export function NotFoundView({ message }: { message: ReactNode }) {
  const navigate = useNavigate()
  return (
    <ErrorView
      title="Page not found"
      message={message}
      actions={
        <>
          {canGoBack() && (
            <button type="button" className="btn btn-primary" onClick={() => void navigate(-1)}>
              Go back
            </button>
          )}
          <Link to={PATHS.home} className={`btn ${canGoBack() ? 'btn-outline' : 'btn-primary'}`}>
            Back to Home
          </Link>
        </>
      }
    />
  )
}
