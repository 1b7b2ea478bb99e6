import { useCallback, useEffect, useRef, useState } from 'react'

// Within this much of the page's end, the reader is at the end (a rounding or a last line's margin away).
const AT_END_PX = 48

const distanceToEnd = () => {
  const page = document.documentElement
  return page.scrollHeight - window.scrollY - window.innerHeight
}

/** The page's true end: the newest message sits just above the message box, which is sticky at the bottom. */
const scrollToEnd = () => window.scrollTo({ top: document.documentElement.scrollHeight })

/**
 * Follows a conversation's end the way chat apps do: it opens at its newest message, and a newer one scrolls into
 * view only when the reader is at the end already (or wrote it). Someone reading older messages stays where they
 * are, and `unseen` counts what arrived meanwhile, until they go to the end.
 */
export function useFollowEnd(newest: { id: number; mine: boolean } | undefined) {
  const [unseen, setUnseen] = useState(0)
  // Measured on every scroll, so it is where the reader was before the new message made the page longer.
  const isAtEnd = useRef(true)
  useEffect(() => {
    const onScroll = () => {
      isAtEnd.current = distanceToEnd() < AT_END_PX
      if (isAtEnd.current) setUnseen(0)
    }
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  // An effect rather than a layout effect: the router's scroll restoration, a layout effect of the root, runs after
  // this page's own on the navigation that opens it.
  const shownId = useRef<number>(undefined)
  useEffect(() => {
    if (!newest || newest.id === shownId.current) return
    const isOpening = shownId.current === undefined
    shownId.current = newest.id
    if (isOpening || newest.mine || isAtEnd.current) scrollToEnd()
    else setUnseen((count) => count + 1)
  }, [newest])

  const goToEnd = useCallback(() => {
    scrollToEnd()
    setUnseen(0)
  }, [])
  return { unseen, goToEnd }
}
