import {
  Link,
  useActionData,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { PATHS } from '#shared/api.ts'
import { ViewingTimesInputSchema } from '#shared/viewings.ts'
import { ErrorView } from '../../components/error-view.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { requireSession } from '../../lib/require-session.ts'
import { getListing } from '../../features/listing-details/api.ts'
import { getViewingTimes, saveViewingTimes } from '../../features/viewings/api.ts'
import { bodyOf, draftOf, type TimesDraft } from '../../features/viewings/times-draft.ts'
import { ViewingTimesForm, type TimesResult } from '../../features/viewings/viewing-times-form.tsx'
export { ListingErrorBoundary as ErrorBoundary } from '../../features/listing-details/listing-error.tsx'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSession(request)
  const id = params.id ?? ''
  const [listing, times] = await Promise.all([getListing(id), getViewingTimes(id, request.signal)])
  return { listing, draft: draftOf(times, Intl.DateTimeFormat().resolvedOptions().timeZone) }
}

const issuesByPath = (issues: { path: string | PropertyKey[]; message: string }[]) =>
  Object.fromEntries(
    issues.map((issue) => [Array.isArray(issue.path) ? issue.path.join('.') : issue.path, issue.message]),
  )

/** Checked with the server's schema first; the server's own 400 lands next to the same fields. */
export async function action({ request, params }: ActionFunctionArgs): Promise<TimesResult> {
  const parsed = ViewingTimesInputSchema.safeParse(bodyOf((await request.json()) as TimesDraft))
  if (!parsed.success) return { errors: issuesByPath(parsed.error.issues) }
  try {
    await saveViewingTimes(params.id ?? '', parsed.data)
    return { saved: true }
  } catch (error) {
    if (error instanceof ApiRequestError && error.issues.length > 0)
      return { errors: issuesByPath(error.issues) }
    return { failure: error instanceof ApiRequestError ? error.message : 'Saving failed; please try again.' }
  }
}

export function Component() {
  const { listing, draft } = useLoaderData<typeof loader>()
  const result = useActionData<typeof action>()
  if (!listing.isOwner)
    return (
      <>
        <PageTitle title="Not your listing" />
        <ErrorView title="Not your listing" message="You can only set viewing times of your own listings." />
      </>
    )
  return (
    <section className="flex flex-col gap-6">
      <PageTitle title={`Viewing times: ${listing.title}`} />
      <div>
        <Link to={PATHS.myListings} className="link text-sm">
          Back to My Listings
        </Link>
        <h1 className="mt-2 text-3xl font-bold wrap-anywhere">Viewing times for {listing.title}</h1>
        <p className="mt-1 text-base-content/80">
          People who have messaged you about this room can book these times for the next three weeks.
        </p>
      </div>
      <ViewingTimesForm initial={draft} result={result} />
    </section>
  )
}
