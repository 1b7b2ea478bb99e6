import {
  Link,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type ShouldRevalidateFunctionArgs,
} from 'react-router'
import { PATHS } from '#shared/api.ts'
import { PageTitle } from '../components/page-title.tsx'
import { ReportButton } from '../components/report-button.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { getAd } from '../features/rooms-wanted/api.ts'
import { SeekerAdView } from '../features/rooms-wanted/seeker-ad-view.tsx'
import { loadCurrency } from '../lib/config.ts'
import { reportAction } from '../lib/report-action.ts'
import { requireSession } from '../lib/require-session.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSession(request)
  const [ad, currency] = await Promise.all([getAd(params.id ?? '', request.signal), loadCurrency()])
  return { ad, currency }
}

/** The page's one form: a report of the ad or of its writer. */
export async function action({ request }: ActionFunctionArgs) {
  return reportAction(await request.formData())
}

/** A report changes nothing the page shows (and an ad it hides must still show its thank-you). */
export function shouldRevalidate({ formData, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formData?.get('intent') === 'report' ? false : defaultShouldRevalidate
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
      {!ad.isOwner && (
        <div className="mx-auto mt-6 flex max-w-3xl flex-col items-start gap-1 text-sm">
          <ReportButton targetKind="seeker_ad" targetId={ad._id} label="Report this ad" />
          <ReportButton
            targetKind="user"
            via={{ kind: 'seeker_ad', id: ad._id }}
            label={`Report ${ad.userName}`}
          />
        </div>
      )}
    </div>
  )
}

export const ErrorBoundary = RouteErrorBoundary
