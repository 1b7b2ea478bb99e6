import { useContext, useState } from 'react'
import {
  ScrollRestoration as RouterScrollRestoration,
  UNSAFE_DataRouterStateContext,
  useLocation,
} from 'react-router'
import { isHydrating } from './hydration.ts'

/**
 * React Router's ScrollRestoration, except on the page the app hydrated (decision 101). There the browser has
 * already put the page where it belongs (the top, a #hash, or a reload's place) and the visitor may have scrolled
 * since: the router, which knows no saved place for its first location, would scroll to the top as hydration
 * commits, pulling the page from under a pointer about to click (a footer link then clicked the page instead). So
 * for the hydrated location the router's state reads "don't restore"; every later location is the router's.
 * ScrollRestoration reads that state from the context overridden here; e2e/public/hand-over.spec.ts holds it.
 */
export function ScrollRestoration() {
  const state = useContext(UNSAFE_DataRouterStateContext)
  const { key } = useLocation()
  const [hydratedKey] = useState(() => (isHydrating() ? key : null))
  // One tree whichever location: a different one would remount the router's component on the first navigation.
  const value = state && key === hydratedKey ? { ...state, restoreScrollPosition: false as const } : state
  return (
    <UNSAFE_DataRouterStateContext.Provider value={value}>
      <RouterScrollRestoration />
    </UNSAFE_DataRouterStateContext.Provider>
  )
}
