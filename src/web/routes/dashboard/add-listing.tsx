import { useEffect, useRef } from 'react'
import {
  useActionData,
  useLoaderData,
  useNavigate,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { PATHS } from '#shared/api.ts'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { loadCurrency } from '../../lib/config.ts'
import { requireSession } from '../../lib/require-session.ts'
import { showError, showSuccess } from '../../components/popup.ts'
import { useDashboardUser } from '../../features/dashboard/use-dashboard-user.ts'
import { ListingForm } from '../../features/listing-form/listing-form.tsx'
import { ListingFormPage } from '../../features/listing-form/listing-form-page.tsx'
import { createListing, saveListingForm } from '../../features/listing-form/save-listing.ts'
import { PhotoManager } from '../../features/listing-photos/photo-manager.tsx'
import { usePhotos } from '../../features/listing-photos/use-photos.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request)
  return { currency: await loadCurrency() }
}

export async function action({ request }: ActionFunctionArgs) {
  const outcome = await saveListingForm(request, createListing)
  if (!outcome.ok) {
    if (outcome.failure !== undefined) {
      const { failure } = outcome
      showError(
        'Oops...',
        failure instanceof ApiRequestError ? failure.message : 'Could not reach Nestmate. Please try again.',
      )
    }
    return { errors: outcome.errors }
  }
  // The page sends the chosen photos to the new listing, then moves on to My Listings.
  return { created: outcome.id ?? '' }
}

export function Component() {
  const { currency } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  const user = useDashboardUser()
  const photos = usePhotos(undefined)
  const navigate = useNavigate()
  const created = result && 'created' in result ? result.created : undefined
  const { uploadWaiting } = photos
  // Once per new listing, even when an effect runs twice (React's development checks).
  const finished = useRef<string>(undefined)

  useEffect(() => {
    if (created === undefined || finished.current === created) return
    finished.current = created
    void (async () => {
      const failed = created ? await uploadWaiting(created) : []
      if (failed.length > 0)
        showError(
          'Listing added, but not every photo',
          `${failed.map((f) => `${f.name}: ${f.reason}`).join(' ')} You can add photos from Update Listing.`,
        )
      else await showSuccess('Roommate Listing Added Successfully!', undefined, 2000)
      navigate(PATHS.myListings)
    })()
  }, [created, uploadWaiting, navigate])
  return (
    <ListingFormPage
      words={['Add Roommate Listing', 'Explore More Listings', 'Discover Your Ideal Match']}
      intro="Fields marked * are required."
    >
      <ListingForm
        owner={user}
        errors={result && 'errors' in result ? result.errors : undefined}
        submitLabel="Add Listing"
        pendingLabel="Adding…"
        photos={<PhotoManager photos={photos} />}
        isUploading={photos.isBusy || created !== undefined}
        currency={currency}
      />
    </ListingFormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
