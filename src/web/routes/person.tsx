import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { ReviewReplySchema } from '#shared/reviews.ts'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { getPerson, replyToReview } from '../features/people/api.ts'
import { ApiRequestError } from '../lib/api.ts'
import { reportAction } from '../lib/report-action.ts'
import { PersonView } from '../features/people/person-view.tsx'
import { loadCurrency } from '../lib/config.ts'
import { requireSession } from '../lib/require-session.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  const me = await requireSession(request)
  const [person, currency] = await Promise.all([getPerson(params.id ?? '', request.signal), loadCurrency()])
  return { person, currency, isMine: me.id === person._id }
}

/** A report of a reference or review, or the person's reply to a review of them. */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  if (form.get('intent') === 'report') return reportAction(form)
  const parsed = ReviewReplySchema.safeParse({ text: form.get('text') })
  if (!parsed.success) return { intent: 'reply' as const, error: parsed.error.issues[0]?.message }
  try {
    await replyToReview(String(form.get('reviewId')), parsed.data.text)
    return { intent: 'reply' as const }
  } catch (error) {
    const message =
      error instanceof ApiRequestError ? error.message : 'Something went wrong; please try again.'
    return { intent: 'reply' as const, error: message }
  }
}

export function Component() {
  const { person, currency, isMine } = useLoaderData<typeof loader>()
  return (
    <div className="px-4 py-10">
      <PageTitle title={person.name} />
      <PersonView person={person} currency={currency} isMine={isMine} />
    </div>
  )
}

export const ErrorBoundary = RouteErrorBoundary
