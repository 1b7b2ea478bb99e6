import type { ReactNode } from 'react'
import { TbMoodSad } from 'react-icons/tb'

type ErrorViewProps = {
  title?: string
  message?: ReactNode
  /** Buttons or links shown under the message, e.g. Retry and Back to Home. */
  actions?: ReactNode
  /** h1 for a whole page; h2 or h3 when the error replaces one section of a page. */
  headingLevel?: 'h1' | 'h2' | 'h3'
  className?: string
}

/** The one look for every failure: unknown pages, route errors and failed sections. */
export function ErrorView({
  title = 'Oops! Something went wrong',
  message,
  actions,
  headingLevel: Heading = 'h1',
  className = '',
}: ErrorViewProps) {
  return (
    <section
      role="alert"
      className={`mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center ${className}`}
    >
      <TbMoodSad className="size-16 text-error" aria-hidden="true" />
      <Heading className="text-3xl font-bold">{title}</Heading>
      {message && <p className="text-base-content/80">{message}</p>}
      {actions && <div className="mt-2 flex flex-wrap justify-center gap-3">{actions}</div>}
    </section>
  )
}
