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
 * A page that isn't there: the spec's error page ("Oops! Something went wrong", with Retry and Back to Home, both to
 * the home page), which says first that the page is not found (error 404) and, when this tab came from another of
 * Nestmate's pages, offers Go back (docs/decisions/082-a-missing-page-says-so.md).
 */
export function NotFoundView({ message }: { message: ReactNode }) {
  const navigate = useNavigate()
  return (
    <ErrorView
      title="Oops! Something went wrong"
      message={
        <>
          <strong className="block">Page not found (error 404).</strong> {message}
        </>
      }
      actions={
        <>
          {canGoBack() && (
            <button type="button" className="btn btn-primary" onClick={() => void navigate(-1)}>
              Go back
            </button>
          )}
          <Link to={PATHS.home} className={`btn ${canGoBack() ? 'btn-outline' : 'btn-primary'}`}>
            Retry
          </Link>
          <Link to={PATHS.home} className="btn btn-outline">
            Back to Home
          </Link>
        </>
      }
    />
  )
}
