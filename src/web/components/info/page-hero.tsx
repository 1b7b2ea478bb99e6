import type { ReactNode } from 'react'

type PageHeroProps = { eyebrow?: string; title: string; children?: ReactNode }

/** The banded header at the top of the static pages (About, Contact, Support). */
export function PageHero({ eyebrow, title, children }: PageHeroProps) {
  return (
    <header className="bg-gradient-to-b from-primary/10 to-base-100 px-4 pt-14 pb-10 text-center">
      {eyebrow && <p className="mb-2 font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>}
      <h1 className="text-4xl font-extrabold sm:text-5xl">{title}</h1>
      {children && <div className="mx-auto mt-4 max-w-2xl text-lg text-base-content/80">{children}</div>}
    </header>
  )
}
