import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react'
import { isHydrating } from './hydration.ts'

type AfterHydrationProps = { fallback: ReactNode; children: ReactNode }

/**
 * A part of a prerendered page that the build can't draw (it depends on data or on code loaded later), with its
 * Suspense boundary. The build's page and the hydration show `fallback`; then `children` are rendered as a
 * transition, in slices that yield to the browser, and show `fallback` again for as long as they suspend. A Suspense
 * boundary left at its fallback by the build would instead be rendered by React in one uninterrupted task (a
 * client-rendered boundary is retried at default priority), cards and carousel at once. Everywhere else (pages the
 * browser renders from scratch, later navigations) `children` render at once.
 */
export function AfterHydration({ fallback, children }: AfterHydrationProps) {
  const [isReady, setIsReady] = useState(() => !isHydrating())
  useEffect(() => {
    if (!isReady) startTransition(() => setIsReady(true))
  }, [isReady])
  return isReady ? <Suspense fallback={fallback}>{children}</Suspense> : fallback
}
