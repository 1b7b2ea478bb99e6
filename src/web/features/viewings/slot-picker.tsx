import { Link } from 'react-router'
import { PATHS } from '#shared/api.ts'
import type { Slot } from '#shared/viewings.ts'
import { SafetyCard } from './safety-card.tsx'
import { useSlotPicker } from './use-slot-picker.ts'
import { byDay, clockIn, spanIn, zoneWords } from './zoned-time.ts'
import { KIND_WORDS } from './viewing-words.ts'

/**
 * "Book a viewing": the listing's free slots of the next 21 days by day, in the listing's zone; once booked, the
 * booking and the safety card instead.
 */
export function SlotPicker({ listingId }: { listingId: string }) {
  const { loaded, error, isBooking, book } = useSlotPicker(listingId)
  const free = loaded?.slots.filter((slot) => slot.free > 0) ?? []
  return (
    <section
      aria-labelledby="book-viewing"
      className="flex flex-col gap-3 rounded-box border border-base-300 p-4"
    >
      <h2 id="book-viewing" className="text-lg font-semibold">
        {loaded?.booked ? 'Your viewing' : 'Book a viewing'}
      </h2>
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
      {!loaded ? (
        !error && <p className="text-sm text-base-content/80">Loading viewing times…</p>
      ) : loaded.booked ? (
        <>
          <p role="status">
            Booked: {spanIn(loaded.booked.start, loaded.booked.end, loaded.booked.timeZone)} (
            {zoneWords(loaded.booked.timeZone)}), {KIND_WORDS[loaded.booked.kind]}.{' '}
            <Link to={PATHS.viewings} className="link link-primary">
              See it in Viewings
            </Link>
          </p>
          <SafetyCard />
        </>
      ) : free.length === 0 ? (
        <p className="text-sm text-base-content/80">No free viewing times in the next three weeks.</p>
      ) : (
        <>
          <p className="text-sm text-base-content/80">Times are in {zoneWords(loaded.timeZone)}.</p>
          <ul className="flex max-h-96 flex-col gap-3 overflow-y-auto">
            {byDay(free, (slot) => slot.start, loaded.timeZone).map(([day, slots]) => (
              <li key={day}>
                <h3 className="text-sm font-semibold">{day}</h3>
                <ul className="mt-1 flex flex-wrap gap-2">
                  {slots.map((slot) => (
                    <li key={slot.start}>
                      <SlotButton
                        slot={slot}
                        zone={loaded.timeZone}
                        disabled={isBooking}
                        onBook={() => void book(slot.start)}
                      />
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

function SlotButton({
  slot,
  zone,
  disabled,
  onBook,
}: {
  slot: Slot
  zone: string
  disabled: boolean
  onBook: () => void
}) {
  return (
    <button
      type="button"
      className="btn btn-sm btn-outline max-sm:min-h-11"
      disabled={disabled}
      onClick={onBook}
      aria-label={`Book ${spanIn(slot.start, slot.end, zone)}, ${KIND_WORDS[slot.kind]}, ${slot.free} of ${slot.capacity} places free`}
    >
      {clockIn(slot.start, zone)}
      <span className="text-xs font-normal">
        {slot.kind === 'video' ? 'video' : ''} {slot.free}/{slot.capacity}
      </span>
    </button>
  )
}
