import { useEffect, useRef, useState } from 'react'
import { placeLabel, type Place } from '#shared/place-values.ts'
import { searchPlaces } from './places-api.ts'

/** The place a box holds: its gazetteer id, how it reads and, when chosen from the suggestions, its point. */
export type ChosenPlace = { id: number; label: string; lat?: number; lon?: number }

const SEARCH_DELAY_MS = 150

/** Letters alone, without case or accents: how the gazetteer compares names too. */
const plain = (text: string) =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim()

/** Whether the text is the place's name or its whole label ("Fitzroy" or "Fitzroy, Australia"). */
const isSameName = (place: Place, text: string) =>
  plain(place.name) === plain(text) || plain(placeLabel(place)) === plain(text)

/** A suggestion as the box holds it once chosen. */
export const chosenOf = (place: Place): ChosenPlace => ({
  id: place.id,
  label: placeLabel(place),
  lat: place.lat,
  lon: place.lon,
})

/**
 * The place box's suggestions: searched a moment after typing stops (the last search only), the list open or
 * closed, the active one, and what a screen reader hears of them. `onExactName`, when given, is called with a place
 * whose name was typed in full.
 */
export function usePlaceSuggestions(onExactName?: (place: ChosenPlace) => void) {
  const [options, setOptions] = useState<Place[]>([])
  const [isOpen, setIsOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const [status, setStatus] = useState('')
  const request = useRef<AbortController | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // Nothing answers into a box that has gone (a new page, a new view).
  useEffect(() => {
    const pending = { timer, request }
    return () => {
      clearTimeout(pending.timer.current)
      pending.request.current?.abort()
    }
  }, [])

  function search(query: string) {
    clearTimeout(timer.current)
    request.current?.abort()
    if (!query.trim()) {
      setOptions([])
      setIsOpen(false)
      setStatus('')
      return
    }
    timer.current = setTimeout(() => {
      const controller = new AbortController()
      request.current = controller
      searchPlaces(query, controller.signal).then(
        (places) => {
          // A place's name typed in full, as the suggestions show it, is that place (the biggest of that name)
          // for a form that needs a chosen one: nobody has to pick what they already wrote.
          const exact = onExactName && places.find((place) => isSameName(place, query))
          if (exact) onExactName(chosenOf(exact))
          setOptions(places)
          setIsOpen(places.length > 0)
          setActive(-1)
          setStatus(places.length === 0 ? 'No places found.' : `${places.length} places found.`)
        },
        (error: unknown) => {
          if (controller.signal.aborted) return
          setOptions([])
          setIsOpen(false)
          setStatus(error instanceof Error ? 'Places could not be loaded.' : '')
        },
      )
    }, SEARCH_DELAY_MS)
  }

  function close() {
    setIsOpen(false)
    setActive(-1)
  }

  /** The next suggestion down (or up), round the list: past the last comes the first, before the first the last. */
  function move(isDown: boolean) {
    const count = options.length
    if (count === 0) return
    setActive((current) => (isDown ? (current + 1) % count : current <= 0 ? count - 1 : current - 1))
  }

  return { options, isOpen, active, status, search, open: () => setIsOpen(true), close, move }
}
