import { useLoaderData, type LoaderFunctionArgs } from 'react-router'
import { PageTitle } from '../components/page-title.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { getPerson } from '../features/people/api.ts'
import { PersonView } from '../features/people/person-view.tsx'
import { loadCurrency } from '../lib/config.ts'
import { requireSession } from '../lib/require-session.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireSession(request)
  const [person, currency] = await Promise.all([getPerson(params.id ?? '', request.signal), loadCurrency()])
  return { person, currency }
}

export function Component() {
  const { person, currency } = useLoaderData<typeof loader>()
  return (
    <div className="px-4 py-10">
      <PageTitle title={person.name} />
      <PersonView person={person} currency={currency} />
    </div>
  )
}

export const ErrorBoundary = RouteErrorBoundary
