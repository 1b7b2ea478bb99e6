import type { ReactNode } from 'react'
import type { IconType } from 'react-icons'

type InfoCardProps = { Icon: IconType; title: string; children: ReactNode; footer?: ReactNode }

/** An icon card for the static pages: what, why, and optionally one action. */
export function InfoCard({ Icon, title, children, footer }: InfoCardProps) {
  return (
    <article className="card h-full border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-3">
        <span className="grid size-12 place-items-center rounded-xl bg-primary/10 text-primary">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <h2 className="card-title">{title}</h2>
        <div className="space-y-2 text-base-content/80">{children}</div>
        {footer && <div className="card-actions mt-auto pt-2">{footer}</div>}
      </div>
    </article>
  )
}
