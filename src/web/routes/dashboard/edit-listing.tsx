import { Link, redirect, useActionData, useLoaderData } from 'react-router'
import type { ActionFunctionArgs, LoaderFunctionArgs } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { ErrorView } from '../../components/error-view.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { loadCurrency } from '../../lib/config.ts'
import { requireSession } from '../../lib/require-session.ts'
import { showError, showSuccess } from '../../components/popup.ts'
import { getListing } from '../../features/listing-details/api.ts'
import { ListingForm } from '../../features/listing-form/listing-form.tsx'
import { ListingFormPage } from '../../features/listing-form/listing-form-page.tsx'
import { saveListingForm, updateListing } from '../../features/listing-form/save-listing.ts'
import { PhotoManager } from '../../features/listing-photos/photo-manager.tsx'
import { usePhotos } from '../../features/listing-photos/use-photos.ts'
import type { ListingDetail } from '#shared/listing.ts'
import type { ListingFieldErrors } from '../../features/listing-form/parse-listing-form.ts'
export { ListingErrorBoundary as ErrorBoundary } from '../../features/listing-details/listing-error.tsx'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSession(request)
  const [listing, currency] = await Promise.all([getListing(params.id ?? ''), loadCurrency()])
  return { listing, currency }
}

export async function action({ request, params }: ActionFunctionArgs) {
  const outcome = await saveListingForm(request, updateListing(params.id ?? ''))
  if (!outcome.ok) {
    const { failure } = outcome
    if (failure instanceof ApiRequestError) showError('Error!', failure.message)
    else if (failure !== undefined) showError('Error!', 'Failed to update listing.')
    return { errors: outcome.errors }
  }
  if (!outcome.message) {
    showError('Error!', 'Something went wrong')
    return { errors: {} }
  }
  await showSuccess('Listing Updated!', outcome.message, 1500)
  return redirect(PATHS.myListings)
}

export function Component() {
  const { listing, currency } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()

  if (!listing.isOwner) {
    return (
      <>
        <PageTitle title="Not your listing" />
        <ErrorView
          title="This listing is not yours"
          message="Only the person who posted a listing can update it. You can still view it or manage your own listings."
          actions={
            <>
              <Link to={PATHS.dashboardDetails(listing._id)} className="btn btn-primary">
                View listing
              </Link>
              <Link to={PATHS.myListings} className="btn btn-outline">
                My Listings
              </Link>
            </>
          }
        />
      </>
    )
  }

  return <EditForm listing={listing} errors={result?.errors} currency={currency} />
}

type EditFormProps = { listing: ListingDetail; errors: ListingFieldErrors | undefined; currency: string }

function EditForm({ listing, errors, currency }: EditFormProps) {
  // Photos are saved as they change, apart from the listing's fields.
  const photos = usePhotos(listing._id, listing.photos)
  return (
    <ListingFormPage
      words={['Update Roommate Listing', 'Modify Your Listing', 'Find a Better Match']}
      intro="Change what you need and save. Fields marked * are required. Photos are saved as you change them."
    >
      <ListingForm
        // Only the owner reaches the form, and the owner's details always carry the e-mail.
        owner={{ name: listing.userName, email: listing.userEmail ?? '' }}
        defaults={listing}
        errors={errors}
        submitLabel="Update Listing"
        pendingLabel="Saving…"
        photos={<PhotoManager photos={photos} />}
        isUploading={photos.isBusy}
        currency={currency}
      />
    </ListingFormPage>
  )
}
