import { lazy } from 'react'
import { AfterHydration } from '../../first-paint/after-hydration.tsx'
import { BANNER_SLIDES } from './banner-slides.ts'
import { HEADING_CLASS, SlideContent } from './slide-content.tsx'

// Swiper loads after the first paint; until then the first slide is drawn as plain markup in the same place. If
// it can't load (a flaky network, a deploy that replaced the chunk), that first slide simply stays: the carousel
// is decoration and must not take the home page down with it.
const BannerCarousel = lazy(() =>
  import('./banner-carousel.tsx').then(
    (m) => ({ default: m.BannerCarousel }),
    () => ({ default: FirstSlide }),
  ),
)

/** Takes an illustration's place, at its size, in the hidden copies that only hold the banner's height. */
function IllustrationSpace({ className }: { className?: string }) {
  return <div className={className} />
}

/**
 * Until Swiper has loaded, the first slide is drawn as plain markup. The other slides are laid out in the same grid
 * cell, invisible, so the banner is already as tall as its tallest slide (as the carousel will be) and nothing
 * below it moves when the carousel takes over.
 */
function FirstSlide() {
  return (
    <div className="mx-auto grid max-w-7xl">
      {BANNER_SLIDES.map((slide, index) =>
        index === 0 ? (
          <div key={slide.heading} className="[grid-area:1/1]">
            <SlideContent {...slide} heading={<h2 className={HEADING_CLASS}>{slide.heading}</h2>} />
          </div>
        ) : (
          <div key={slide.heading} className="invisible [grid-area:1/1]" aria-hidden="true">
            <SlideContent
              {...slide}
              heading={<p className={HEADING_CLASS}>{slide.heading}</p>}
              Illustration={IllustrationSpace}
            />
          </div>
        ),
      )}
    </div>
  )
}

export function Banner() {
  return (
    <section aria-label="Highlights" className="banner relative bg-gradient-to-b from-primary/10 to-base-100">
      <AfterHydration fallback={<FirstSlide />}>
        <BannerCarousel />
      </AfterHydration>
    </section>
  )
}
