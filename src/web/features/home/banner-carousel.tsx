import { useState } from 'react'
import { FaPause, FaPlay } from 'react-icons/fa6'
import { A11y, Autoplay, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import type { Swiper as SwiperInstance } from 'swiper'
import 'swiper/css'
import 'swiper/css/pagination'
import { TypedHeading } from '../../components/typed-heading.tsx'
import { prefersReducedMotion } from '../../lib/motion.ts'
import { BANNER_SLIDES } from './banner-slides.ts'
import { HEADING_CLASS, SlideContent } from './slide-content.tsx'

/**
 * Five slides, auto-advancing every 5 s in an endless loop, with a pause button (WCAG 2.2.2). Only the
 * slide in view types its heading: the others hold theirs still, instead of re-rendering every 50 ms unseen.
 */
export function BannerCarousel() {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null)
  const [isPlaying, setIsPlaying] = useState(() => !prefersReducedMotion())

  function togglePlay() {
    if (isPlaying) swiper?.autoplay.stop()
    else swiper?.autoplay.start()
    setIsPlaying(!isPlaying)
  }

  return (
    <>
      <Swiper
        modules={[A11y, Autoplay, Pagination]}
        loop
        autoplay={{ delay: 5000, disableOnInteraction: false, pauseOnMouseEnter: true }}
        pagination={{ clickable: true }}
        onSwiper={(instance) => {
          setSwiper(instance)
          if (!isPlaying) instance.autoplay.stop()
        }}
        className="mx-auto max-w-7xl"
      >
        {BANNER_SLIDES.map(({ heading, description, cta, Illustration }) => (
          <SwiperSlide key={heading}>
            {({ isActive }) => (
              <SlideContent
                heading={
                  <TypedHeading words={[heading]} level="h2" className={HEADING_CLASS} isStill={!isActive} />
                }
                description={description}
                cta={cta}
                Illustration={Illustration}
              />
            )}
          </SwiperSlide>
        ))}
      </Swiper>
      <button
        type="button"
        onClick={togglePlay}
        className="btn btn-circle btn-ghost btn-sm absolute right-4 bottom-3 z-10"
        aria-label={isPlaying ? 'Pause slideshow' : 'Play slideshow'}
      >
        {isPlaying ? <FaPause aria-hidden="true" /> : <FaPlay aria-hidden="true" />}
      </button>
    </>
  )
}
