import type { ReactNode } from 'react'
import type { ContactItem } from './contact-details.ts'

type ContactValueProps = {
  item: ContactItem
  /** The link a real detail becomes (mailto:, tel:); an example is never a link. */
  href?: string
  /** How the link looks: a text link by default. */
  linkClassName?: string
  children?: ReactNode
}

/** One contact detail: a link when the site's operator set it, plain text marked "Example" until then. */
export function ContactValue({
  item,
  href,
  linkClassName = 'link font-semibold link-primary',
  children,
}: ContactValueProps) {
  if (!item.isExample)
    return href ? (
      <a href={href} className={linkClassName}>
        {children ?? item.value}
      </a>
    ) : (
      <span className="font-semibold text-base-content">{item.value}</span>
    )
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-semibold text-base-content">{item.value}</span>
      <span className="badge badge-sm badge-neutral">Example</span>
      <span className="sr-only">(this site has not set its own yet)</span>
    </span>
  )
}

/** Under the cards, while any detail is an example: what that means. */
export function ExamplesNote({ details }: { details: Record<string, ContactItem | null> }) {
  if (!Object.values(details).some((item) => item?.isExample)) return null
  return (
    <p className="mx-auto mt-6 max-w-3xl px-4 text-center text-sm text-base-content/80">
      Details marked Example are placeholders: this site’s operator has not set its own yet, so they reach no
      one.
    </p>
  )
}

/**
 * A detail's place while the server's settings load: a grey bar, read as "Loading" (a span may not carry a label
 * of its own).
 */
export function ContactPending({ className }: { className: string }) {
  return (
    <span className={`skeleton inline-block align-middle ${className}`}>
      <span className="sr-only">Loading</span>
    </span>
  )
}
