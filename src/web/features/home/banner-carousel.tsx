import { useState } from 'react'
import { FaPause, FaPlay } from 'react-icons/fa6'
import { Link } from 'react-router'
import { A11y, Autoplay, Pagination } from 'swiper/modules'
import { Swiper, SwiperSlide } from 'swiper/react'
import type { Swiper as SwiperInstance } from 'swiper'
import 'swiper/css'
import 'swiper/css/pagination'
import { TypedHeading } from '../../components/typed-heading.tsx'
import { prefersReducedMotion } from '../../lib/motion.ts'
import { BANNER_SLIDES } from './banner-slides.ts'

/** Five slides, auto-advancing every 5 s in an endless loop (spec §4), with a pause button (WCAG 2.2.2). */
export function Banner() {
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null)
  const [isPlaying, setIsPlaying] = useState(() => !prefersReducedMotion())

  function togglePlay() {
    if (isPlaying) swiper?.autoplay.stop()
    else swiper?.autoplay.start()
    setIsPlaying(!isPlaying)
  }

  return (
    <section aria-label="Highlights" className="banner relative bg-gradient-to-b from-primary/10 to-base-100">
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
            <div className="grid items-center gap-6 px-6 pt-8 pb-16 md:grid-cols-2 md:px-12 md:py-16">
              <div className="order-2 space-y-5 text-center md:order-1 md:text-left">
                <TypedHeading
                  words={[heading]}
                  level="h2"
                  className="min-h-[2.5em] text-3xl leading-tight font-extrabold sm:text-4xl lg:text-5xl"
                />
                <p className="text-lg text-base-content/80">{description}</p>
                <Link to={cta.to} className="btn btn-primary btn-lg">
                  {cta.label}
                </Link>
              </div>
              <Illustration className="order-1 mx-auto h-44 w-full max-w-md sm:h-64 md:order-2 md:h-80" />
            </div>
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
    </section>
  )
}
