import { useEffect, useRef } from 'react'
import { useFetcher } from 'react-router'
import { DELETE_FETCHER, RESTORE_FETCHER, type SavedSearchEdit } from './saved-search-edits.ts'

/**
 * After a delete: what went, with Undo (which saves it again), and the focus on Undo, since the item that had it
 * has gone. After Undo, the focus goes to the search that is back.
 */
export function DeletedNotice() {
  const deletion = useFetcher<SavedSearchEdit>({ key: DELETE_FETCHER })
  const restore = useFetcher<SavedSearchEdit>({ key: RESTORE_FETCHER })
  const undo = useRef<HTMLButtonElement>(null)
  const deleted = deletion.data?.deleted
  const restored = restore.data?.restored
  const isUndone = deleted !== undefined && restored?.from === deleted._id

  useEffect(() => {
    if (deleted) undo.current?.focus()
  }, [deleted])
  useEffect(() => {
    if (!restored || restore.state !== 'idle') return
    document
      .querySelector<HTMLElement>(`[data-saved-search="${CSS.escape(restored.savedSearch._id)}"] a`)
      ?.focus()
  }, [restored, restore.state])

  const error = deletion.data?.error ?? restore.data?.error
  return (
    // Always there, so what appears in it is announced.
    <div role="status" className="[&:not(:empty)]:mt-3">
      {deleted && !isUndone && (
        <restore.Form
          method="post"
          className="alert flex flex-wrap items-center justify-between gap-3 border border-base-300"
        >
          <span>{deletion.data?.done}</span>
          <input type="hidden" name="intent" value="restore" />
          <input type="hidden" name="id" value={deleted._id} />
          <input type="hidden" name="name" value={deleted.name} />
          <input type="hidden" name="query" value={deleted.query} />
          <input type="hidden" name="alert" value={deleted.alert} />
          <button
            ref={undo}
            type="submit"
            className="btn btn-sm min-h-11"
            disabled={restore.state !== 'idle'}
          >
            Undo <span className="sr-only">deleting {deleted.name}</span>
          </button>
        </restore.Form>
      )}
      {isUndone && <p className="alert border border-base-300">{restore.data?.done}</p>}
      {error && <p className="text-sm text-red-700 dark:text-red-400">{error}</p>}
    </div>
  )
}
