import { startTransition, useEffect, useState } from 'react'
import { useLoaderData } from 'react-router'
import { PageTitle } from '../components/page-title.tsx'
import { isHydrating } from '../first-paint/hydration.ts'
import { RouteErrorBoundary } from '../components/route-error.tsx'
import { AboutTeaser } from '../features/home/about-teaser.tsx'
import { Banner } from '../features/home/banner.tsx'
import { BlogTeasers } from '../features/home/blog-teasers.tsx'
import { fetchFeatured } from '../features/home/featured-api.ts'
import { FeaturedRoommates, FeaturedTemplates } from '../features/home/featured-roommates.tsx'
import { Newsletter } from '../features/home/newsletter.tsx'
import { RentalFeatures } from '../features/home/rental-features.tsx'
import { UpcomingEvents } from '../features/home/upcoming-events.tsx'
import { useScrollReveal } from '../features/home/use-scroll-reveal.ts'

// The featured list is not awaited: the page renders at once and the section shows its own loading and error states.
export function loader({ request }: { request: Request }) {
  const featured = fetchFeatured(request.signal)
  // <Await> handles the failure; this keeps the browser from also reporting it as an unhandled rejection.
  featured.catch(() => undefined)
  return { featured }
}

/** The build's first paint has the featured rooms still loading (a promise that never settles), and the templates of
 * their early cards. */
export const firstPaint = {
  loader: () => ({ featured: new Promise<never>(() => undefined) }),
  templates: FeaturedTemplates,
}

/**
 * Whether the sections below the fold are drawn. The build's first paint has them, so the footer is where it stays
 * from the first paint on: drawn only once the app took over, they pushed it 3,500 px down from under a pointer
 * about to click one of its links (the click then landed on the page, and nothing happened). Home opened within
 * the app draws them right after its first render (as a transition, which React renders in slices), so they don't
 * lengthen the task that paints the banner.
 */
function useBelowTheFold() {
  const [isReady, setIsReady] = useState(isHydrating)
  useEffect(() => {
    if (isReady) return
    const timer = setTimeout(() => startTransition(() => setIsReady(true)), 0)
    return () => clearTimeout(timer)
  }, [isReady])
  return isReady
}

/** The sections under the banner and the featured rooms, in the spec's order. */
const BELOW_THE_FOLD = [AboutTeaser, BlogTeasers, UpcomingEvents, RentalFeatures, Newsletter]

export function Component() {
  const { featured } = useLoaderData<typeof loader>()
  const showRest = useBelowTheFold()
  useScrollReveal(showRest)
  return (
    <>
      <PageTitle title="Home" />
      <h1 className="sr-only">Nestmate: find a compatible roommate</h1>
      <Banner />
      <FeaturedRoommates featured={featured} />
      {showRest &&
        BELOW_THE_FOLD.map((Section, index) => (
          // Styled and laid out only when scrolled near; the size stands in until then, and `auto` keeps the real one.
          <div key={index} className="[contain-intrinsic-size:auto_700px] [content-visibility:auto]">
            <Section />
          </div>
        ))}
    </>
  )
}

export const ErrorBoundary = RouteErrorBoundary
