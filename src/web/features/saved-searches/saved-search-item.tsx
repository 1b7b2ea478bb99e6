import { useId } from 'react'
import { Link, useFetcher } from 'react-router'
import { PATHS } from '#shared/api.ts'
import {
  ALERTS,
  openSavedSearchPath,
  SAVED_SEARCH_NAME_MAX,
  type SavedSearch,
} from '#shared/saved-searches.ts'
import { ALERT_LABELS } from './alert-labels.ts'
import { describeQuery } from './describe-query.ts'

type SavedSearchItemProps = { search: SavedSearch; currency: string }

/** One saved search: open it (browse marks it seen, so its new count starts again), rename it, change its alert, delete it. */
export function SavedSearchItem({ search, currency }: SavedSearchItemProps) {
  const fetcher = useFetcher<{ error?: string }>()
  const id = useId()
  const open = openSavedSearchPath(PATHS.browse, search._id, search.query)
  const error = fetcher.data?.error
  return (
    <li className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="card-title text-lg">{search.name}</h2>
          {search.newCount > 0 && (
            <span className="badge badge-primary">
              {search.newCount} new
              <span className="sr-only"> {search.newCount === 1 ? 'room' : 'rooms'}</span>
            </span>
          )}
        </div>
        <p className="text-sm text-base-content/80">{describeQuery(search.query, currency)}</p>
        <div className="flex flex-wrap items-end gap-3">
          <Link to={open} className="btn btn-primary btn-sm" aria-label={`Open ${search.name}`}>
            Open
          </Link>
          <fetcher.Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="id" value={search._id} />
            <input type="hidden" name="intent" value="alert" />
            <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-alert`}>
              E-mails
              <select
                id={`${id}-alert`}
                name="alert"
                defaultValue={search.alert}
                className="select select-bordered select-sm"
                onChange={(event) => void fetcher.submit(event.currentTarget.form)}
              >
                {ALERTS.map((alert) => (
                  <option key={alert} value={alert}>
                    {ALERT_LABELS[alert]}
                  </option>
                ))}
              </select>
            </label>
          </fetcher.Form>
        </div>
        <details>
          <summary className="cursor-pointer text-sm">Rename or delete</summary>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <fetcher.Form method="post" className="flex items-end gap-2">
              <input type="hidden" name="id" value={search._id} />
              <input type="hidden" name="intent" value="rename" />
              <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-name`}>
                New name
                <input
                  id={`${id}-name`}
                  name="name"
                  required
                  maxLength={SAVED_SEARCH_NAME_MAX}
                  defaultValue={search.name}
                  className="input input-bordered input-sm"
                />
              </label>
              <button type="submit" className="btn btn-sm">
                Rename
              </button>
            </fetcher.Form>
            <fetcher.Form method="post">
              <input type="hidden" name="id" value={search._id} />
              <input type="hidden" name="intent" value="delete" />
              <button type="submit" className="btn btn-error btn-outline btn-sm">
                Delete <span className="sr-only">{search.name}</span>
              </button>
            </fetcher.Form>
          </div>
        </details>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
      </div>
    </li>
  )
}
