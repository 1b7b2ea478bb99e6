import { useEffect } from 'react'
import {
  Link,
  useFetcher,
  useLoaderData,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { PATHS } from '#shared/api.ts'
import { RELATIONSHIP_WORDS, type MyReferences } from '#shared/references.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { showError } from '../../components/popup.ts'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { requireSession } from '../../lib/require-session.ts'
import { getMyReferences, setReferenceHidden } from '../../features/references/api.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  const { id } = await requireSession(request)
  return { mine: await getMyReferences(request.signal), personId: id }
}

type Outcome = { done: string } | { error: string }

export async function action({ request }: ActionFunctionArgs): Promise<Outcome> {
  const form = await request.formData()
  const hidden = form.get('hidden') === 'true'
  try {
    await setReferenceHidden(String(form.get('id') ?? ''), hidden)
    return { done: hidden ? 'Hidden from your profile.' : 'Shown on your profile again.' }
  } catch (error) {
    return { error: error instanceof ApiRequestError ? error.message : 'That did not work; try again.' }
  }
}

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' })
const month = (yearMonth: string) => monthYear.format(new Date(`${yearMonth}-01T00:00:00Z`))
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' })

/** One answered reference: who, when, and Hide or Show (a hidden one stays here, never on the profile). */
function ReferenceItem({ reference }: { reference: MyReferences['references'][number] }) {
  const fetcher = useFetcher<Outcome>()
  // Done, the list says it (Shown or Hidden, read again); a refusal is said at once.
  useEffect(() => {
    if (fetcher.data && 'error' in fetcher.data)
      showError('The reference was not changed', fetcher.data.error)
  }, [fetcher.data])
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-box bg-base-200 p-3">
      <div className="flex min-w-0 flex-col gap-1">
        <p className="font-semibold wrap-anywhere">
          {reference.refereeName}{' '}
          <span className={`badge badge-sm ${reference.hidden ? 'badge-neutral' : 'badge-success'}`}>
            {reference.hidden ? 'Hidden' : 'Shown'}
          </span>
        </p>
        <p className="text-sm">
          {RELATIONSHIP_WORDS[reference.relationship]}, {month(reference.from)} – {month(reference.to)}
        </p>
        {reference.text && <p className="text-sm whitespace-pre-line wrap-anywhere">{reference.text}</p>}
      </div>
      <fetcher.Form method="post">
        <input type="hidden" name="id" value={reference._id} />
        <input type="hidden" name="hidden" value={String(!reference.hidden)} />
        <button type="submit" className="btn btn-outline btn-sm" disabled={fetcher.state !== 'idle'}>
          {reference.hidden ? 'Show' : 'Hide'}
          <span className="sr-only"> the reference from {reference.refereeName}</span>
        </button>
      </fetcher.Form>
    </li>
  )
}

/** The person's references: asked and not yet answered, answered and shown, answered and hidden. */
export function Component() {
  const { mine, personId } = useLoaderData<typeof loader>()
  return (
    <section className="flex flex-col gap-6">
      <PageTitle title="References" />
      <div>
        <h1 className="text-3xl font-bold">References</h1>
        <p className="mt-1 text-base-content/80">
          What people you lived with or rented from said about you.{' '}
          <Link to={PATHS.person(personId)} className="link link-primary">
            See your public profile
          </Link>
          .
        </p>
      </div>
      <section aria-labelledby="references-answered" className="flex flex-col gap-3">
        <h2 id="references-answered" className="text-xl font-semibold">
          Answered
        </h2>
        {mine.references.length === 0 ? (
          <p className="text-base-content/80">No answers yet.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {mine.references.map((reference) => (
              <ReferenceItem key={reference._id} reference={reference} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="references-requested" className="flex flex-col gap-3">
        <h2 id="references-requested" className="text-xl font-semibold">
          Requested, waiting for an answer
        </h2>
        {mine.pending.length === 0 ? (
          <p className="text-base-content/80">No requests waiting.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {mine.pending.map((request) => (
              <li key={`${request.refereeName}-${request.expiresAt}`} className="rounded-box bg-base-200 p-3">
                <p className="font-semibold wrap-anywhere">{request.refereeName}</p>
                <p className="text-sm">
                  {RELATIONSHIP_WORDS[request.relationship]} · the link works until{' '}
                  {day.format(new Date(request.expiresAt))}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
