import { useEffect } from 'react'
import { prefersReducedMotion } from '../../lib/motion.ts'

let isInitialized = false

/**
 * Starts aos (offset 120, 1000 ms) for the page. styles.css hides [data-aos] elements only under html.aos-on,
 * which is set after AOS has run, so content stays visible when the script fails, is slow, or motion is reduced.
 */
export function useScrollReveal() {
  useEffect(() => {
    if (prefersReducedMotion()) return
    let isActive = true
    // Loaded on demand: the reveal is decoration, so it never delays the page's first paint.
    import('aos')
      .then(({ default: AOS }) => {
        if (!isActive) return
        if (isInitialized) AOS.refreshHard()
        else AOS.init({ offset: 120, duration: 1000, once: true })
        isInitialized = true
        document.documentElement.classList.add('aos-on')
      })
      .catch(() => undefined)
    return () => {
      isActive = false
      document.documentElement.classList.remove('aos-on')
    }
  }, [])
}
