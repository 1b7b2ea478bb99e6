import { useEffect } from 'react'
import { prefersReducedMotion } from '../../lib/motion.ts'

let isInitialized = false

const START_EVENTS = ['scroll', 'wheel', 'touchstart', 'keydown'] as const

/**
 * Starts aos (offset 120, 1000 ms) for the page when the visitor first scrolls (or touches, or presses a key):
 * the reveal is for content below the fold, and AOS.init measures every section, a long task that would
 * otherwise land in the middle of the first load. styles.css hides [data-aos] elements only under html.aos-on,
 * which is set after AOS has run, so content stays visible when the script fails, is slow, or motion is reduced,
 * and sections already on screen when it starts are never hidden.
 */
export function useScrollReveal() {
  useEffect(() => {
    if (prefersReducedMotion()) return
    let isActive = true
    function start() {
      START_EVENTS.forEach((name) => window.removeEventListener(name, start))
      import('aos')
        .then(({ default: AOS }) => {
          if (!isActive) return
          if (isInitialized) AOS.refreshHard()
          else AOS.init({ offset: 120, duration: 1000, once: true })
          isInitialized = true
          document.documentElement.classList.add('aos-on')
        })
        .catch(() => undefined)
    }
    if (window.scrollY > 0) start()
    else START_EVENTS.forEach((name) => window.addEventListener(name, start, { passive: true }))
    return () => {
      isActive = false
      START_EVENTS.forEach((name) => window.removeEventListener(name, start))
      document.documentElement.classList.remove('aos-on')
    }
  }, [])
}
