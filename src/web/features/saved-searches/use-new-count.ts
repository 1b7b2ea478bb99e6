import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { onLive } from '../../lib/live.ts'
import { getSavedSearches } from './api.ts'

/**
 * How many rooms are new to the person's saved searches: read on each page of the dashboard, and changed live
 * when the matcher finds one or a search is opened (in any tab).
 */
export function useSavedSearchNews(): number {
  const { pathname } = useLocation()
  const [count, setCount] = useState(0)
  useEffect(() => onLive((event) => event.type === 'saved-searches' && setCount(event.newRooms)), [])
  useEffect(() => {
    const controller = new AbortController()
    getSavedSearches(controller.signal).then(
      (searches) => setCount(searches.reduce((sum, search) => sum + search.newCount, 0)),
      () => {},
    )
    return () => controller.abort()
  }, [pathname])
  return count
}
