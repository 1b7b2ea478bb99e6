import { startTransition, StrictMode, useEffect } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router'
import { setHydrating } from './lib/hydration.ts'
import { readNavigationsFrom } from './lib/login-reason.ts'
import { router } from './router.tsx'
import './styles.css'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
readNavigationsFrom(router)

/** Lets the page take input once React has attached to it (the server sends a prerendered first paint inert). */
function Interactive() {
  useEffect(() => {
    setHydrating(false)
    root?.removeAttribute('inert')
  }, [])
  return null
}

const app = (
  <StrictMode>
    <RouterProvider router={router} />
    <Interactive />
  </StrictMode>
)

// A public page arrives with its first paint prerendered (src/web/prerender.tsx). React hydrates it once the page's
// code and data are ready, so the router's loading spinner never replaces it.
if (root.hasChildNodes()) {
  // As a transition, hydration works in slices and yields to the browser between them instead of holding the
  // main thread for the whole page (the page is already on screen, so nothing waits for it to finish at once).
  // What the build could not draw is rendered after this, in slices too (components/after-hydration.tsx).
  setHydrating(true)
  const hydrate = () => startTransition(() => void hydrateRoot(root, app))
  if (router.state.initialized) hydrate()
  else {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return
      unsubscribe()
      hydrate()
    })
  }
} else {
  createRoot(root).render(app)
}
