import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { PATHS } from '#shared/api.ts'
import { ALERTS, SAVED_SEARCH_NAME_MAX, type Alert } from '#shared/saved-search-values.ts'
import { Field } from '../../components/form/field.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { loginPath } from '../../lib/require-session.ts'
import { ALERT_LABELS } from './alert-labels.ts'
import { saveSearch } from './api.ts'

/** `?save=1` on a browse address opens the save dialog: where the login page sends someone back to. */
export const SAVE_PARAM = 'save'

type SaveSearchButtonProps = {
  /** The view's query, as the browse address writes it. */
  query: string
  /** A name to start from (the place, say). */
  suggestedName: string
  isSignedIn: boolean
}

/**
 * "Save this search": a dialog asking a name and how to be told of new rooms. Signed out, the button is a link to
 * the login page that comes back to the same view with the dialog open.
 */
export function SaveSearchButton({ query, suggestedName, isSignedIn }: SaveSearchButtonProps) {
  const location = useLocation()
  const navigate = useNavigate()
  const dialog = useRef<HTMLDialogElement>(null)
  const [error, setError] = useState<string>()
  const [saved, setSaved] = useState<string>()
  const [isSaving, setIsSaving] = useState(false)
  const wantsDialog = new URLSearchParams(location.search).has(SAVE_PARAM)

  useEffect(() => {
    if (!wantsDialog || !isSignedIn) return
    dialog.current?.showModal()
    // The address loses the request, so Back or a reload doesn't open it again.
    const params = new URLSearchParams(location.search)
    params.delete(SAVE_PARAM)
    void navigate({ search: params.toString() }, { replace: true, preventScrollReset: true })
  }, [wantsDialog, isSignedIn, location.search, navigate])

  if (!isSignedIn) {
    const back = new URLSearchParams(location.search)
    back.set(SAVE_PARAM, '1')
    return (
      <Link to={loginPath(`${location.pathname}?${back}`)} className="btn btn-outline btn-primary btn-sm">
        Save this search
      </Link>
    )
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = new FormData(event.currentTarget)
    setIsSaving(true)
    setError(undefined)
    try {
      const { savedSearch } = await saveSearch({
        name: String(form.get('name') ?? ''),
        query,
        alert: String(form.get('alert')) as Alert,
      })
      setSaved(savedSearch.name)
      dialog.current?.close()
    } catch (caught) {
      setError(caught instanceof ApiRequestError ? caught.message : 'The search could not be saved.')
    } finally {
      setIsSaving(false)
    }
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-outline btn-primary btn-sm"
        onClick={() => {
          setError(undefined)
          dialog.current?.showModal()
        }}
      >
        Save this search
      </button>
      <p role="status" className="text-sm">
        {saved && (
          <>
            Saved “{saved}”.{' '}
            <Link to={PATHS.savedSearches} className="link link-primary">
              Your saved searches
            </Link>
          </>
        )}
      </p>
      <dialog ref={dialog} className="modal" aria-labelledby="save-search-title">
        <form
          method="dialog"
          className="modal-box flex flex-col gap-4 border border-base-300"
          onSubmit={onSubmit}
        >
          <h2 id="save-search-title" className="text-xl font-bold">
            Save this search
          </h2>
          <p className="text-sm text-base-content/80">
            Keep these filters, place and order, and hear about rooms new to them.
          </p>
          <Field id="save-search-name" label="Name" error={error}>
            <input
              id="save-search-name"
              name="name"
              required
              maxLength={SAVED_SEARCH_NAME_MAX}
              defaultValue={suggestedName}
              className="input input-bordered w-full"
              aria-describedby={error ? 'save-search-name-error' : undefined}
            />
          </Field>
          <Field id="save-search-alert" label="E-mail me new rooms">
            <select
              id="save-search-alert"
              name="alert"
              defaultValue="daily"
              className="select select-bordered"
            >
              {ALERTS.map((alert) => (
                <option key={alert} value={alert}>
                  {ALERT_LABELS[alert]}
                </option>
              ))}
            </select>
          </Field>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={isSaving}>
              Save search
            </button>
          </div>
        </form>
      </dialog>
    </>
  )
}
