import { lazy, Suspense } from 'react'
import { BANNER_SLIDES } from './banner-slides.ts'
import { HEADING_CLASS, SlideContent } from './slide-content.tsx'

// Swiper loads after the first paint; until then the first slide is drawn as plain markup in the same place.
const BannerCarousel = lazy(() =>
  import('./banner-carousel.tsx').then((m) => ({ default: m.BannerCarousel })),
)

export function Banner() {
  const [first] = BANNER_SLIDES
  return (
    <section aria-label="Highlights" className="banner relative bg-gradient-to-b from-primary/10 to-base-100">
      <Suspense
        fallback={
          first && (
            <div className="mx-auto max-w-7xl">
              <SlideContent {...first} heading={<h2 className={HEADING_CLASS}>{first.heading}</h2>} />
            </div>
          )
        }
      >
        <BannerCarousel />
      </Suspense>
    </section>
  )
}
