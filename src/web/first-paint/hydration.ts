import { startTransition, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import type { DataRouter } from 'react-router'

// Whether React is attaching to the build's prerendered page (the first render in the browser), or rendering that
// page at build time (./prerender.tsx, where there is no document). AfterHydration reads it.
let isHydratingNow = typeof document === 'undefined'

export function isHydrating(): boolean {
  return isHydratingNow
}

/** Called once the hydrated page's effects have run: later renders draw everything at once. */
export function endHydration() {
  isHydratingNow = false
}

/**
 * Renders the app into #root. A prerendered page (its first paint already inside #root) is hydrated once the router
 * has the page's code and data, so the router's loading spinner never replaces it. As a transition, hydration works
 * in slices and yields to the browser between them instead of holding the main thread for the whole page (the page
 * is already on screen, so nothing waits for it to finish at once). What the build could not draw is rendered after
 * it, in slices too (./after-hydration.tsx). Any other page is rendered from scratch.
 */
export function startApp(root: HTMLElement, app: ReactNode, router: DataRouter) {
  if (!root.hasChildNodes()) {
    createRoot(root).render(app)
    return
  }
  isHydratingNow = true
  const hydrate = () => startTransition(() => void hydrateRoot(root, app))
  if (router.state.initialized) return hydrate()
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return
    unsubscribe()
    hydrate()
  })
}
