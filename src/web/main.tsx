import { StrictMode } from 'react'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { startApp } from './first-paint/hydration.ts'
import { readNavigationsFrom } from './lib/login-reason.ts'
import { routes } from './router.tsx'
import './styles.css'

const router = createBrowserRouter(routes)
const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
readNavigationsFrom(router)

// A public page arrives with its first paint prerendered (src/web/first-paint/): it is hydrated, any other rendered.
startApp(
  root,
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
  router,
)

// After load, as its own chunk: the service worker costs the first paint and the first-load budget nothing.
if (import.meta.env.PROD) {
  const register = () =>
    void import('./service-worker/register.ts').then(({ registerServiceWorker }) => registerServiceWorker())
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
