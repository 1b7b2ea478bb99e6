import type { ReactNode } from 'react'
import { TypedHeading } from '../../components/typed-heading.tsx'

type AuthCardProps = { words: string[]; intro: string; notice?: ReactNode; children: ReactNode }

/** The shared frame of the login and signup pages: a typed heading (a single word typed once) over a centred card. */
export function AuthCard({ words, intro, notice, children }: AuthCardProps) {
  return (
    <section className="mx-auto flex w-full max-w-md flex-col gap-6 px-4 py-10 sm:py-16">
      <div className="text-center">
        <TypedHeading
          words={words}
          loop={words.length > 1}
          className="text-3xl font-bold text-primary sm:text-4xl"
        />
        <p className="mt-2 text-base-content/80">{intro}</p>
      </div>
      <div className="card border border-base-300 bg-base-100 shadow-lg">
        <div className="card-body gap-5">
          {notice}
          {children}
        </div>
      </div>
    </section>
  )
}
