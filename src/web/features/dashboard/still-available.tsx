import { useFetcher } from 'react-router'
import { confirmedAgo } from '#shared/format.ts'
import type { Listing } from '#shared/listing.ts'
import { useNow } from '../../lib/today.ts'

/**
 * When the owner last confirmed the listing, and "Still available" (posted to the My Listings action): an
 * unconfirmed listing is asked about after 30 days and turns Not Available 7 days later.
 */
export function StillAvailable({ listing }: { listing: Pick<Listing, '_id' | 'title' | 'confirmedAt'> }) {
  const fetcher = useFetcher<{ confirmedAt?: string; error?: string }>()
  const confirmedAt = fetcher.data?.confirmedAt ?? listing.confirmedAt
  const now = useNow()
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2 text-sm">
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="id" value={listing._id} />
      <span>{confirmedAgo(confirmedAt, now)}</span>
      <button
        type="submit"
        className="btn btn-outline btn-xs"
        aria-label={`Still available: ${listing.title}`}
        disabled={fetcher.state !== 'idle'}
      >
        Still available
      </button>
      {fetcher.data?.error && (
        <span role="alert" className="text-red-700 dark:text-red-400">
          {fetcher.data.error}
        </span>
      )}
    </fetcher.Form>
  )
}
