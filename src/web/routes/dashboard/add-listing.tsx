import { redirect, useActionData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { requireSession } from '../../lib/require-session.ts'
import { showError, showSuccess } from '../../components/popup.ts'
import { useDashboardUser } from '../../features/dashboard/use-dashboard-user.ts'
import { ListingForm } from '../../features/listing-form/listing-form.tsx'
import { ListingFormPage } from '../../features/listing-form/listing-form-page.tsx'
import { createListing, saveListingForm } from '../../features/listing-form/save-listing.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request)
  return null
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
  await showSuccess('Roommate Listing Added Successfully!', undefined, 2000)
  return redirect(PATHS.myListings)
}

export function Component() {
  const result = useActionData<typeof action>()
  const user = useDashboardUser()
  return (
    <ListingFormPage
      words={['Add Roommate Listing', 'Explore More Listings', 'Discover Your Ideal Match']}
      intro="Fields marked * are required."
    >
      <ListingForm owner={user} errors={result?.errors} submitLabel="Add Listing" pendingLabel="Adding…" />
    </ListingFormPage>
  )
}

export const ErrorBoundary = RouteErrorBoundary
