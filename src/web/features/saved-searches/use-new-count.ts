import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import { getSavedSearches } from './api.ts'

/** How many rooms are new to the person's saved searches, read again on each page of the dashboard. */
export function useSavedSearchNews(): number {
  const { pathname } = useLocation()
  const [count, setCount] = useState(0)
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
