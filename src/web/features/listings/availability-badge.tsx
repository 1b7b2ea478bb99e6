import type { Availability } from '#shared/listing.ts'

/** Green for Available, red otherwise; the word itself is always shown, so colour is never the only signal. */
export function AvailabilityBadge({ availability }: { availability: Availability }) {
  const isAvailable = availability === 'Available'
  return (
    <span
      className={`badge badge-sm shrink-0 font-semibold whitespace-nowrap ${isAvailable ? 'badge-success' : 'badge-error'}`}
    >
      {availability}
    </span>
  )
}
