import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { BannerSlide } from './banner-slides.ts'

export const HEADING_CLASS = 'min-h-[2.5em] text-3xl leading-tight font-extrabold sm:text-4xl lg:text-5xl'

type SlideContentProps = Omit<BannerSlide, 'heading'> & { heading: ReactNode }

/** One banner slide's layout, shared by the first paint and the carousel so nothing moves when it takes over. */
export function SlideContent({ heading, description, cta, Illustration }: SlideContentProps) {
  return (
    // The illustration comes first in the markup, as on a phone's screen, and each part has its own grid cell: a
    // page painted while its HTML is still arriving never shows the text where the illustration will push it from.
    <div className="grid items-center gap-6 px-6 pt-8 pb-16 md:grid-cols-2 md:px-12 md:py-16">
      <Illustration className="mx-auto h-44 w-full max-w-md sm:h-64 md:col-start-2 md:row-start-1 md:h-80" />
      <div className="space-y-5 text-center md:col-start-1 md:row-start-1 md:text-left">
        {heading}
        <p className="text-lg text-base-content/80">{description}</p>
        <Link to={cta.to} className="btn btn-primary btn-lg">
          {cta.label}
        </Link>
      </div>
    </div>
  )
}
