import { useEffect } from 'react'
import { prefersReducedMotion } from '../../lib/motion.ts'

/** How far above the screen's bottom edge an element's top must come before it is revealed (the spec's 120 px). */
const OFFSET_PX = 120
const WAITING = 'reveal-waiting'

/**
 * The home page's scroll reveal (decision 037): a `[data-reveal]` element that starts below the screen fades in
 * (1,000 ms, styles.css) once its top comes 120 px above the screen's bottom. One IntersectionObserver, whose
 * area reaches from far above the page down to that line, tells each element's side of the line after every
 * layout, so an element is never left hidden on screen or above it, however fast the page is scrolled, however the
 * sections' sizes settle, and nothing is measured on the main thread. Only what starts below the line waits;
 * what is already on screen is never hidden. `isReady`: the sections are on the page. Reduced motion: no reveal.
 */
export function useScrollReveal(isReady: boolean) {
  useEffect(() => {
    if (!isReady || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return
    const seen = new WeakSet<Element>()
    const observer = new IntersectionObserver(
      (entries) => {
        for (const { target, isIntersecting } of entries) {
          const isFirst = !seen.has(target)
          seen.add(target)
          if (isIntersecting) {
            target.classList.remove(WAITING)
            observer.unobserve(target)
          } else if (isFirst) target.classList.add(WAITING)
        }
      },
      { rootMargin: `1000000px 0px -${OFFSET_PX}px 0px` },
    )
    const elements = document.querySelectorAll('[data-reveal]')
    elements.forEach((element) => observer.observe(element))
    return () => {
      observer.disconnect()
      elements.forEach((element) => element.classList.remove(WAITING))
    }
  }, [isReady])
}
