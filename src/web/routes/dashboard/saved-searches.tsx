import { Link, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { ALERTS, SAVED_SEARCHES_MAX, type Alert } from '#shared/saved-searches.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { loadCurrency } from '../../lib/config.ts'
import { requireSession } from '../../lib/require-session.ts'
import { changeSavedSearch, deleteSavedSearch, getSavedSearches } from '../../features/saved-searches/api.ts'
import { SavedSearchItem } from '../../features/saved-searches/saved-search-item.tsx'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request)
  const [searches, currency] = await Promise.all([getSavedSearches(request.signal), loadCurrency()])
  return { searches, currency }
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData()
  const id = String(form.get('id') ?? '')
  try {
    switch (form.get('intent')) {
      case 'delete':
        await deleteSavedSearch(id)
        break
      case 'rename':
        await changeSavedSearch(id, { name: String(form.get('name') ?? '') })
        break
      default: {
        const alert = String(form.get('alert'))
        if (ALERTS.includes(alert as Alert)) await changeSavedSearch(id, { alert: alert as Alert })
      }
    }
    return {}
  } catch (error) {
    return { error: error instanceof ApiRequestError ? error.message : 'That did not work; try again.' }
  }
}

export function Component() {
  const { searches, currency } = useLoaderData<typeof loader>()
  return (
    <section className="flex flex-col gap-6">
      <PageTitle title="Saved searches" />
      <div>
        <h1 className="text-3xl font-bold">Saved searches</h1>
        <p className="mt-1 text-base-content/80">
          Browse views you keep (up to {SAVED_SEARCHES_MAX}), and how you hear of rooms new to them.
        </p>
      </div>
      {searches.length === 0 ? (
        <p>
          No saved searches yet.{' '}
          <Link to={PATHS.dashboardBrowse} className="link link-primary">
            Browse rooms
          </Link>{' '}
          and choose “Save this search”.
        </p>
      ) : (
        <ul className="grid gap-4 lg:grid-cols-2">
          {searches.map((search) => (
            <SavedSearchItem
              key={`${search._id}:${search.name}:${search.alert}`}
              search={search}
              currency={currency}
            />
          ))}
        </ul>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
