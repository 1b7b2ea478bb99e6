import { useId, type FormEvent } from 'react'
import { popup } from '../../components/popup.ts'

/** The spec's newsletter box: Subscribe only shows a confirmation for 1.5 s; nothing is sent or stored. */
export function Newsletter() {
  const inputId = useId()

  function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    event.currentTarget.reset()
    void popup({ icon: 'success', title: 'Subscribe Done', timer: 1500, showConfirmButton: false })
  }

  return (
    <section aria-labelledby="newsletter-title" className="px-4 pb-4">
      <div
        className="mx-auto max-w-4xl rounded-box bg-gradient-to-br from-primary to-secondary p-8 text-center text-primary-content shadow-lg sm:p-12"
        data-reveal="zoom-in"
      >
        <h2 id="newsletter-title" className="text-3xl font-extrabold">
          Stay in the loop
        </h2>
        <p className="mx-auto mt-3 max-w-xl">
          Room-hunting tips and Nestmate news, now and then. The newsletter has not started yet, and this form
          does not store your address.
        </p>
        <form onSubmit={subscribe} className="mx-auto mt-6 flex max-w-lg flex-col gap-3 sm:flex-row">
          <label htmlFor={inputId} className="sr-only">
            Email address
          </label>
          <input
            id={inputId}
            type="email"
            name="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            className="input input-lg w-full text-base-content sm:flex-1"
          />
          <button
            type="submit"
            className="btn btn-lg border-0 bg-base-100 text-base-content hover:bg-base-200"
          >
            Subscribe
          </button>
        </form>
      </div>
    </section>
  )
}
