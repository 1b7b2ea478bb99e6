import type { ReactNode } from 'react'
import { PageTitle } from '../../components/page-title.tsx'
import { TypedHeading } from '../../components/typed-heading.tsx'

type ListingFormPageProps = { words: string[]; intro: string; children: ReactNode }

/** The frame of the add and update pages: the typed heading (typed once, per the original) over the form. */
export function ListingFormPage({ words, intro, children }: ListingFormPageProps) {
  return (
    <section className="mx-auto flex max-w-3xl flex-col gap-6">
      <PageTitle title={words[0] ?? 'Listing'} />
      <div>
        <TypedHeading words={words} loop={false} className="text-3xl font-bold text-primary" />
        <p className="mt-1 text-base-content/80">{intro}</p>
      </div>
      {children}
    </section>
  )
}
