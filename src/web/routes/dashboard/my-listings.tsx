import { useEffect } from 'react'
import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { CurrencyNote } from '../../components/currency-note.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { requireSession } from '../../lib/require-session.ts'
import { confirmListing, deleteListing, getMyListings } from '../../features/dashboard/api.ts'
import { MyListingCard, MyListingRow } from '../../features/dashboard/my-listing-row.tsx'
import { showError, showSuccess } from '../../components/popup.ts'
import { countListingSeekers } from '../../features/rooms-wanted/api.ts'
import { loadCurrency } from '../../lib/config.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request)
  // The freshness mail's link (?confirm=<id>): opening it signed in is the owner's "Still available". A page's
  // loader runs only in a browser with the app, not in a mail scanner that fetches links.
  const confirmId = new URL(request.url).searchParams.get('confirm')
  const confirmed = confirmId
    ? await confirmListing(confirmId).then(
        () => true,
        () => false,
      )
    : null
  const [listings, currency] = await Promise.all([getMyListings().catch(() => null), loadCurrency()])
  // How many room-wanted ads fit each listing with a place; the page works without them.
  const seekers: Record<string, number> = {}
  await Promise.all(
    (listings ?? [])
      .filter((listing) => listing.placeId !== null)
      .map(async ({ _id }) => {
        const count = await countListingSeekers(_id, request.signal).catch(() => null)
        if (count !== null) seekers[_id] = count
      }),
  )
  const title = listings?.find((listing) => listing._id === confirmId)?.title
  return { listings, currency, seekers, confirmed: confirmed === null ? null : { ok: confirmed, title } }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const id = String(form.get('id') ?? '')
  if (form.get('intent') === 'confirm')
    return confirmListing(id).catch((error: unknown) => ({
      error: error instanceof ApiRequestError ? error.message : 'Could not confirm it; please try again.',
    }))
  try {
    const answer = await deleteListing(id)
    if (!answer?.message) {
      showError('Error!', 'Something went wrong!')
      return { deleted: false }
    }
    void showSuccess('Deleted!', 'Your listing has been deleted.')
    return { deleted: true }
  } catch (error) {
    showError('Error!', error instanceof ApiRequestError ? error.message : 'Failed to delete listing.')
    return { deleted: false }
  }
}

export function Component() {
  const { listings, currency, seekers, confirmed } = useLoaderData<typeof loader>()
  const hasFailed = listings === null

  useEffect(() => {
    if (hasFailed) showError('Error', 'Failed to load listings')
  }, [hasFailed])

  return (
    <section className="flex flex-col gap-6">
      <PageTitle title="My Listings" />
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-3xl font-bold">My Listings</h1>
        <Link to={PATHS.addListing} className="btn btn-primary btn-sm sm:btn-md">
          Add Roommate Listing
        </Link>
      </div>
      {confirmed && (
        <p role="status" className={confirmed.ok ? 'alert alert-success' : 'alert alert-error'}>
          {confirmed.ok
            ? `Thank you: “${confirmed.title ?? 'your listing'}” is confirmed as still available for another 30 days.`
            : 'That listing could not be confirmed: it may have been deleted, or belong to another account.'}
        </p>
      )}
      {hasFailed ? (
        <p role="alert" className="text-red-700 dark:text-red-400">
          Failed to load listings. Reload the page to try again.
        </p>
      ) : listings.length === 0 ? (
        <p className="rounded-box bg-base-200 p-8 text-center text-lg">No listings found.</p>
      ) : (
        <>
          <CurrencyNote currency={currency} />
          <ul className="grid gap-3 md:hidden">
            {listings.map((listing) => (
              <MyListingCard
                key={listing._id}
                listing={listing}
                currency={currency}
                seekers={seekers[listing._id]}
              />
            ))}
          </ul>
          <div className="hidden overflow-x-auto rounded-box border border-base-300 md:block">
            <table className="table">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Location</th>
                  <th scope="col">Rent</th>
                  <th scope="col">Room Type</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {listings.map((listing) => (
                  <MyListingRow
                    key={listing._id}
                    listing={listing}
                    currency={currency}
                    seekers={seekers[listing._id]}
                  />
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
