import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'

export function Component() {
  return (
    <>
      <PageTitle title="Home" />
      <h1 className="p-8 text-3xl">Home (building)</h1>
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
