import { useEffect } from 'react'
import {
  Link,
  useLoaderData,
  useRevalidator,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
} from 'react-router'
import { PATHS } from '#shared/api.ts'
import { ALERTS, SAVED_SEARCHES_MAX, type Alert } from '#shared/saved-searches.ts'
import { PageTitle } from '../../components/page-title.tsx'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { loadCurrency } from '../../lib/config.ts'
import { onLive } from '../../lib/live.ts'
import { requireSession } from '../../lib/require-session.ts'
import { ALERT_LABELS } from '../../features/saved-searches/alert-labels.ts'
import {
  changeSavedSearch,
  deleteSavedSearch,
  getSavedSearches,
  saveSearch,
} from '../../features/saved-searches/api.ts'
import { DeletedNotice } from '../../features/saved-searches/deleted-notice.tsx'
import type { SavedSearchEdit } from '../../features/saved-searches/saved-search-edits.ts'
import { SavedSearchItem } from '../../features/saved-searches/saved-search-item.tsx'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request)
  const [searches, currency] = await Promise.all([getSavedSearches(request.signal), loadCurrency()])
  return { searches, currency }
}

export async function action({ request }: ActionFunctionArgs): Promise<SavedSearchEdit> {
  const form = await request.formData()
  const text = (name: string) => String(form.get(name) ?? '')
  const id = text('id')
  try {
    switch (text('intent')) {
      case 'delete': {
        await deleteSavedSearch(id)
        const deleted = { _id: id, name: text('name'), query: text('query'), alert: text('alert') as Alert }
        return { done: `Deleted “${deleted.name}”.`, deleted }
      }
      case 'restore': {
        const { savedSearch } = await saveSearch({
          name: text('name'),
          query: text('query'),
          alert: text('alert') as Alert,
        })
        return { done: `“${savedSearch.name}” is back.`, restored: { savedSearch, from: id } }
      }
      case 'rename': {
        const { savedSearch } = await changeSavedSearch(id, { name: text('name') })
        return { done: `Renamed to “${savedSearch.name}”.` }
      }
      default: {
        const alert = text('alert')
        if (!ALERTS.includes(alert as Alert)) return { error: 'Choose how you want to hear of new rooms.' }
        const { savedSearch } = await changeSavedSearch(id, { alert: alert as Alert })
        return { done: `E-mails for “${savedSearch.name}”: ${ALERT_LABELS[savedSearch.alert]}. Saved.` }
      }
    }
  } catch (error) {
    return { error: error instanceof ApiRequestError ? error.message : 'That did not work; try again.' }
  }
}

export function Component() {
  const { searches, currency } = useLoaderData<typeof loader>()
  const revalidator = useRevalidator()
  // A room matched, or a search opened in another tab: each search's count is read again (decision 100).
  useEffect(
    () =>
      onLive((event) => {
        if (event.type === 'saved-searches' && revalidator.state === 'idle') void revalidator.revalidate()
      }),
    [revalidator],
  )
  return (
    <section className="flex flex-col gap-6">
      <PageTitle title="Saved searches" />
      <div>
        <h1 className="text-3xl font-bold">Saved searches</h1>
        <p className="mt-1 text-base-content/80">
          Browse views you keep (up to {SAVED_SEARCHES_MAX}), and how you hear of rooms new to them.
        </p>
        <DeletedNotice />
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
            // Keyed by id alone: a rename or a new alert keeps the item, and the focus in it.
            <SavedSearchItem key={search._id} search={search} currency={currency} />
          ))}
        </ul>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
