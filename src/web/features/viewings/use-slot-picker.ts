import { useEffect, useState } from 'react'
import type { Slot, Viewing } from '#shared/viewings.ts'
import { ApiRequestError } from '../../lib/api.ts'
import { bookViewing, getViewings, getViewingTimes } from './api.ts'

type Loaded = { timeZone: string; slots: Slot[]; booked: Viewing | undefined }

const failure = (error: unknown) =>
  error instanceof ApiRequestError ? error.message : 'Something went wrong; please try again.'

async function loadPicker(listingId: string, signal?: AbortSignal): Promise<Loaded> {
  const [times, upcoming] = await Promise.all([
    getViewingTimes(listingId, signal),
    getViewings('seeker', 'upcoming', signal),
  ])
  const booked = upcoming.find((v) => v.listingId === listingId && v.status === 'booked')
  return { timeZone: times.timeZone, slots: times.slots, booked }
}

/** A listing's free slots and the caller's upcoming viewing of it, and booking one of the slots. */
export function useSlotPicker(listingId: string) {
  const [loaded, setLoaded] = useState<Loaded>()
  const [error, setError] = useState<string>()
  const [isBooking, setBooking] = useState(false)

  useEffect(() => {
    const controller = new AbortController()
    loadPicker(listingId, controller.signal).then(setLoaded, (caught: unknown) => {
      if (!controller.signal.aborted) setError(failure(caught))
    })
    return () => controller.abort()
  }, [listingId])

  async function book(start: string) {
    setBooking(true)
    setError(undefined)
    try {
      const { viewing } = await bookViewing(listingId, start)
      setLoaded((before) => before && { ...before, booked: viewing })
    } catch (caught) {
      setError(failure(caught))
      // A slot that filled meanwhile: show the places as they are now.
      await loadPicker(listingId).then(setLoaded, () => {})
    } finally {
      setBooking(false)
    }
  }

  return { loaded, error, isBooking, book }
}
