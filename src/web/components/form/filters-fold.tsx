import { useId, type ReactNode } from 'react'
import { FaSliders } from 'react-icons/fa6'

type FiltersFoldProps = {
  /** How many filters the view sets, said on the fold. */
  count: number
  /** Open at first: the page has something to say inside (a place it couldn't find). */
  isOpenAtFirst?: boolean
  children: ReactNode
}

/**
 * On a phone a search page's filter form folds behind a "Filters" switch, so the first results show on the first
 * screen; from `sm` up the form is always open and the switch isn't there. The fold is CSS over a checkbox (outside
 * the form, so it is never sent): it works on the prerendered page before the app's code has loaded, and the
 * markup is the same at every width.
 */
export function FiltersFold({ count, isOpenAtFirst = false, children }: FiltersFoldProps) {
  const id = useId()
  return (
    <div>
      <input
        id={id}
        type="checkbox"
        className="peer sr-only sm:hidden"
        defaultChecked={isOpenAtFirst}
        aria-controls={`${id}-filters`}
      />
      <label
        htmlFor={id}
        className="btn w-full justify-between btn-outline peer-checked:btn-active peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-primary sm:hidden"
      >
        <span className="flex items-center gap-2">
          <FaSliders aria-hidden="true" /> Filters
        </span>
        {count > 0 && <span className="badge badge-sm badge-primary">{count} set</span>}
      </label>
      <div id={`${id}-filters`} className="max-sm:mt-3 max-sm:hidden max-sm:peer-checked:block">
        {children}
      </div>
    </div>
  )
}
