import { useFetcher, useLoaderData } from 'react-router'
import type { ActionFunctionArgs, LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router'
import { PageTitle } from '../components/page-title.tsx'
import { requireSession } from '../lib/require-session.ts'
import { getListing, likeListing } from '../features/listing-details/api.ts'
import { loadCurrency } from '../lib/config.ts'
import { ListingErrorBoundary, useBackToListings } from '../features/listing-details/listing-error.tsx'
import { ListingView } from '../features/listing-details/listing-view.tsx'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSession(request)
  const [listing, currency] = await Promise.all([getListing(params.id ?? ''), loadCurrency()])
  return { listing, currency }
}

export async function action({ params }: ActionFunctionArgs) {
  // The spec ignores a failed like: nothing on the page changes.
  const like = await likeListing(params.id ?? '').catch(() => null)
  return { like }
}

/**
 * A like's answer carries everything the page changes (count, Liked, phone, e-mail), so loading the listing again
 * after it would only repeat what the page already shows: the like is one request.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod?.toUpperCase() === 'PATCH' ? false : defaultShouldRevalidate
}

export function Component() {
  const { listing, currency } = useLoaderData<typeof loader>()
  const fetcher = useFetcher<typeof action>()
  const backTo = useBackToListings()
  return (
    <div className="px-4 py-10">
      <PageTitle title={listing.title} />
      <ListingView
        listing={listing}
        currency={currency}
        like={fetcher.data?.like ?? null}
        isLiking={fetcher.state !== 'idle'}
        onLike={() =>
          // Not the dashboard layout's session loader either (shouldRevalidate above covers this page's own).
          fetcher.submit({}, { method: 'patch', encType: 'application/json', defaultShouldRevalidate: false })
        }
        backTo={backTo}
      />
    </div>
  )
}

export const ErrorBoundary = ListingErrorBoundary
