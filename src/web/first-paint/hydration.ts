import { createElement, Fragment, startTransition, useEffect, type ReactNode } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import type { DataRouter } from 'react-router'

// Whether React is attaching to the build's prerendered page (the first render in the browser), or rendering that
// page at build time (./prerender.tsx, where there is no document). AfterHydration reads it.
let isHydratingNow = typeof document === 'undefined'

export function isHydrating(): boolean {
  return isHydratingNow
}

declare global {
  /** Buttons pressed before the app was live (./start-app.js), in order. */
  var nestmateEarlyClicks: HTMLElement[] | undefined
}

/**
 * Runs once the hydrated page's effects have: later renders draw everything at once, #root says the app is live
 * (the end-to-end tests wait on it, and ./start-app.js stops standing in for it), and the buttons pressed while the
 * page was not yet live are pressed again, now that React answers them.
 */
function HydrationEnd({ root }: { root: HTMLElement }) {
  useEffect(() => {
    isHydratingNow = false
    root.removeAttribute('data-hydrating')
    root.setAttribute('data-hydrated', '')
    const early = globalThis.nestmateEarlyClicks ?? []
    globalThis.nestmateEarlyClicks = []
    for (const button of early) if (button.isConnected) button.click()
  }, [root])
  return null
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
    root.setAttribute('data-hydrated', '')
    return
  }
  isHydratingNow = true
  const hydrate = () => {
    // React listens on #root from here on; ./start-app.js stops standing in for it.
    root.setAttribute('data-hydrating', '')
    startTransition(
      () => void hydrateRoot(root, createElement(Fragment, null, app, createElement(HydrationEnd, { root }))),
    )
  }
  if (router.state.initialized) return hydrate()
  const unsubscribe = router.subscribe((state) => {
    if (!state.initialized) return
    unsubscribe()
    hydrate()
  })
}
