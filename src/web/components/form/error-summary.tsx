import { useEffect, type MouseEvent, type RefObject } from 'react'

/** One refused field: the id of the control that fixes it, and what is wrong. */
export type FieldError = { id: string; message: string }

/** Every error of a refused form, above it, each a link to its field (which the message beside it repeats). */
export function ErrorSummary({ errors }: { errors: FieldError[] }) {
  if (errors.length === 0) return null
  const goTo = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const field = document.getElementById(id)
    if (!field) return
    // Focus, not the URL's hash: a new hash would be a navigation for the router.
    event.preventDefault()
    field.focus()
  }
  return (
    <div
      role="alert"
      className="rounded-box border border-red-700 bg-base-100 p-4 text-sm md:col-span-2 dark:border-red-400"
    >
      <h2 className="font-semibold">
        {errors.length === 1 ? 'One thing to fix:' : `${errors.length} things to fix:`}
      </h2>
      <ul className="mt-1 list-disc pl-5">
        {errors.map(({ id, message }) => (
          <li key={id}>
            <a
              href={`#${id}`}
              className="link inline-block py-2.5 text-red-700 dark:text-red-400"
              onClick={(event) => goTo(event, id)}
            >
              {message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  )
}

/**
 * After a refused submit (a new `result`), the focus goes to the form's first refused field, whose error is read
 * with it: not left on the button, nor lost.
 */
export function useFocusFirstError(form: RefObject<HTMLFormElement | null>, result: unknown) {
  useEffect(() => {
    if (result) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [form, result])
}
