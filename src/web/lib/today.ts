import { useState, useSyncExternalStore } from 'react'

/** Today in the visitor's time zone, as YYYY-MM-DD. */
export function today(): string {
  const now = new Date()
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

const noSubscription = () => () => {}

/**
 * today() for rendering: null while a prerendered page is hydrated (the build can't know the visitor's date,
 * and a page built weeks ago must not show its build day as today), then the visitor's date.
 */
export function useToday(): string | null {
  return useSyncExternalStore(noSubscription, today, () => null)
}

/** The visitor's clock, read once when the component first renders: a screen's times all count from one moment. */
export function useNow(): number {
  const [now] = useState(Date.now)
  return now
}
