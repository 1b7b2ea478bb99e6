import { useId, useState } from 'react'
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
import { DELETE_FETCHER, type SavedSearchEdit } from './saved-search-edits.ts'

type SavedSearchItemProps = { search: SavedSearch; currency: string }

/**
 * One saved search: open it (browse marks it seen, so its new count starts again), rename it, change its alert,
 * delete it. Each change says what was saved, in the item; the page offers Undo after a delete.
 */
export function SavedSearchItem({ search, currency }: SavedSearchItemProps) {
  const alert = useFetcher<SavedSearchEdit>()
  const rename = useFetcher<SavedSearchEdit>()
  const deletion = useFetcher<SavedSearchEdit>({ key: DELETE_FETCHER })
  const id = useId()
  const open = openSavedSearchPath(PATHS.browse, search._id, search.query)
  // The answer to the latest change, once it has come.
  const [latest, setLatest] = useState<'alert' | 'rename'>('alert')
  const latestFetcher = latest === 'alert' ? alert : rename
  const last = latestFetcher.state === 'idle' ? latestFetcher.data : undefined
  const pendingAlert = alert.formData?.get('alert')
  return (
    <li data-saved-search={search._id} className="card border border-base-300 bg-base-100 shadow-sm">
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
          <Link to={open} className="btn btn-primary min-h-11" aria-label={`Open ${search.name}`}>
            Open
          </Link>
          <alert.Form method="post" className="flex items-end gap-2">
            <input type="hidden" name="id" value={search._id} />
            <input type="hidden" name="intent" value="alert" />
            <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-alert`}>
              E-mails
              <select
                id={`${id}-alert`}
                name="alert"
                value={typeof pendingAlert === 'string' ? pendingAlert : search.alert}
                className="select select-bordered min-h-11"
                onChange={(event) => {
                  setLatest('alert')
                  void alert.submit(event.currentTarget.form)
                }}
              >
                {ALERTS.map((value) => (
                  <option key={value} value={value}>
                    {ALERT_LABELS[value]}
                  </option>
                ))}
              </select>
            </label>
          </alert.Form>
        </div>
        <details>
          <summary className="flex min-h-11 w-fit cursor-pointer items-center text-sm">
            Rename or delete
          </summary>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <rename.Form method="post" className="flex items-end gap-2" onSubmit={() => setLatest('rename')}>
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
                  className="input input-bordered min-h-11"
                />
              </label>
              <button type="submit" className="btn min-h-11">
                Rename
              </button>
            </rename.Form>
            <deletion.Form method="post">
              <input type="hidden" name="id" value={search._id} />
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="name" value={search.name} />
              <input type="hidden" name="query" value={search.query} />
              <input type="hidden" name="alert" value={search.alert} />
              <button type="submit" className="btn btn-error btn-outline min-h-11">
                Delete <span className="sr-only">{search.name}</span>
              </button>
            </deletion.Form>
          </div>
        </details>
        {/* Always there, so what appears in it is announced. */}
        <p role="status" className="text-sm empty:-mt-3">
          {last?.done}
        </p>
        {last?.error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {last.error}
          </p>
        )}
      </div>
    </li>
  )
}
