import { useLocation } from 'react-router'
import { NotFoundView } from '../components/not-found-view.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'

export function Component() {
  const { pathname } = useLocation()
  return (
    <>
      <PageTitle title="Page not found" />
      <NotFoundView
        message={
          <>
            There is no page at <code className="break-all">{pathname}</code>. It may have moved, or the link
            may be mistyped.
          </>
        }
      />
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
