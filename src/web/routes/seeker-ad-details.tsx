import { Link, useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { getAd } from '../features/rooms-wanted/api.ts'
import { SeekerAdView } from '../features/rooms-wanted/seeker-ad-view.tsx'
import { loadCurrency } from '../lib/config.ts'
import { requireSession } from '../lib/require-session.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSession(request)
  const [ad, currency] = await Promise.all([getAd(params.id ?? '', request.signal), loadCurrency()])
  return { ad, currency }
}

export function Component() {
  const { ad, currency } = useLoaderData<typeof loader>()
  return (
    <div className="px-4 py-10">
      <PageTitle title={ad.headline} />
      <nav aria-label="Breadcrumb" className="mx-auto mb-6 max-w-3xl">
        <Link to={PATHS.roomsWanted} className="link">
          ← All rooms wanted
        </Link>
      </nav>
      <SeekerAdView ad={ad} currency={currency} />
    </div>
  )
}

export const ErrorBoundary = RouteErrorBoundary
