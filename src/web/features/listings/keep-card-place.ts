import { useEffect, useLayoutEffect, useRef, type MouseEvent } from 'react'

// Back to browse after "Load more" restores the scroll position, but the cards above the one opened are laid out at
// an estimated height until drawn (BrowseCard's content-visibility), so the same position is another place in the
// list. The card opened is remembered with its distance from the top of the window, per history entry, and put back
// there.

type Place = { id: string; top: number }
/** What a person does to move the page themselves: from then on it is theirs. */
const STOP_EVENTS = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const
/** How long the page may take to settle after Back. */
const SETTLE_MS = 2000
const storageKey = (locationKey: string) => `nestmate:browse-card:${locationKey}`

function keptPlace(locationKey: string): Place | null {
  try {
    return JSON.parse(sessionStorage.getItem(storageKey(locationKey)) ?? 'null') as Place | null
  } catch {
    return null
  }
}

/**
 * For browse's card list: remembers the card a person opens (by its `data-card-id`) and, when the list comes back
 * in that history entry, scrolls it back where it was. Spread `listProps` on the list.
 */
export function useKeepCardPlace(locationKey: string) {
  const list = useRef<HTMLUListElement>(null)

  // Before the first paint: every card drawn, so the positions measured next are the real ones.
  useLayoutEffect(() => {
    if (keptPlace(locationKey)) list.current?.setAttribute('data-placing', '')
  }, [locationKey])

  // After the router's ScrollRestoration (a layout effect), and again each time the page above the card changes
  // height as it settles (the early cards' slot going, the filters drawn), until the person scrolls or taps.
  useEffect(() => {
    const place = keptPlace(locationKey)
    const card = place && list.current?.querySelector(`[data-card-id="${CSS.escape(place.id)}"]`)
    if (!card) return
    const pin = () => window.scrollBy(0, card.getBoundingClientRect().top - place.top)
    pin()
    const observer = new ResizeObserver(pin)
    observer.observe(document.body)
    const stop = () => {
      observer.disconnect()
      clearTimeout(timer)
      for (const type of STOP_EVENTS) window.removeEventListener(type, stop)
    }
    const timer = setTimeout(stop, SETTLE_MS)
    for (const type of STOP_EVENTS) window.addEventListener(type, stop, { passive: true })
    return stop
  }, [locationKey])

  function onClickCapture(event: MouseEvent<HTMLUListElement>) {
    // Anywhere on a card: the whole card opens it, not only its links.
    const card = (event.target as Element).closest<HTMLElement>('[data-card-id]')
    if (!card?.dataset.cardId) return
    const place: Place = { id: card.dataset.cardId, top: card.getBoundingClientRect().top }
    try {
      sessionStorage.setItem(storageKey(locationKey), JSON.stringify(place))
    } catch {
      // Storage full or unavailable: Back restores the scroll position only.
    }
  }

  return { ref: list, onClickCapture }
}
