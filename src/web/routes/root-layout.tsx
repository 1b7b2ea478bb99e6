import { Outlet, useNavigation } from 'react-router'
import { Footer } from '../components/footer.tsx'
import { Navbar } from '../components/navbar.tsx'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { ScrollRestoration } from '../first-paint/scroll-restoration.tsx'

export function Component() {
  const navigation = useNavigation()
  const isNavigating =
    navigation.state === 'loading' && navigation.location.pathname !== window.location.pathname
  return (
    <div className="flex min-h-screen flex-col bg-base-100 text-base-content">
      <a href="#main" className="btn btn-primary btn-sm absolute -top-20 left-2 z-50 focus:top-2">
        Skip to content
      </a>
      <Navbar />
      {isNavigating && (
        <progress
          className="progress progress-primary fixed top-0 z-50 h-1 w-full"
          aria-label="Loading page"
        />
      )}
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      {/* Back and Forward return to where the page was scrolled; a new page starts at the top; a hydrated one stays. */}
      <ScrollRestoration />
    </div>
  )
}

// The layout itself failed: show the error without the layout around it.
export function ErrorBoundary() {
  return (
    <main className="min-h-screen bg-base-100 text-base-content">
      <RouteErrorBoundary />
    </main>
  )
}
