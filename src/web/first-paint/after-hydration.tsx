import { startTransition, Suspense, useEffect, useLayoutEffect, useState, type ReactNode } from 'react'
import { isHydrating } from './hydration.ts'

type AfterHydrationProps = {
  fallback: ReactNode
  /**
   * Drawn before `fallback` from the first paint on, and kept until `children` are on screen (or have failed in
   * their own way): the early listing cards' slot (decision 036), which must not go blank while the app takes over.
   */
  early?: ReactNode
  children: ReactNode
}

/**
 * A part of a prerendered page that the build can't draw (it depends on data or on code loaded later), with its
 * Suspense boundary. The build's page and the hydration show `fallback`; then `children` are rendered as a
 * transition, in slices that yield to the browser, and show `fallback` again for as long as they suspend. A Suspense
 * boundary left at its fallback by the build would instead be rendered by React in one uninterrupted task (a
 * client-rendered boundary is retried at default priority), cards and carousel at once. Everywhere else (pages the
 * browser renders from scratch, later navigations) `children` render at once.
 */
export function AfterHydration({ fallback, early, children }: AfterHydrationProps) {
  const [isReady, setIsReady] = useState(() => !isHydrating())
  const [isDrawn, setIsDrawn] = useState(false)
  useEffect(() => {
    if (!isReady) startTransition(() => setIsReady(true))
  }, [isReady])
  return (
    <>
      {!isDrawn && early}
      {isReady ? (
        <Suspense fallback={fallback}>
          {early !== undefined && <OnDrawn onDrawn={() => setIsDrawn(true)} />}
          {children}
        </Suspense>
      ) : (
        fallback
      )}
    </>
  )
}

/**
 * Commits with the rest of its Suspense boundary, so only once `children` are ready; the layout effect's update is
 * drawn in the same frame, so no frame shows both or neither.
 */
function OnDrawn({ onDrawn }: { onDrawn: () => void }) {
  useLayoutEffect(onDrawn, [onDrawn])
  return null
}
