import { useCallback, useRef, useState } from 'react'
import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { CurrencyNote } from '../../components/currency-note.tsx'
import { PageTitle } from '../../components/page-title.tsx'
import { showError } from '../../components/popup.ts'
import { RouteErrorBoundary } from '../../components/route-error.tsx'
import { ApiRequestError } from '../../lib/api.ts'
import { loadCurrency } from '../../lib/config.ts'
import { requireSession } from '../../lib/require-session.ts'
import { getLikedRooms, unlikeListing } from '../../features/liked-rooms/api.ts'
import { LikedRoomItem } from '../../features/liked-rooms/liked-room-item.tsx'
import { LikedRoomsEmpty } from '../../features/liked-rooms/liked-rooms-empty.tsx'
import type { UnlikeAnswer } from '../../features/liked-rooms/use-unlike.ts'

export async function loader({ request }: LoaderFunctionArgs) {
  await requireSession(request)
  const [liked, currency] = await Promise.all([getLikedRooms(request.signal), loadCurrency()])
  return { ...liked, currency }
}

// Also the target of Unlike on a listing's details page (useUnlike), so it answers rather than redirects.
export async function action({ request }: ActionFunctionArgs): Promise<UnlikeAnswer> {
  const id = String((await request.formData()).get('id') ?? '')
  try {
    return { unlike: await unlikeListing(id) }
  } catch (error) {
    showError('Error!', error instanceof ApiRequestError ? error.message : 'Failed to remove the like.')
    return { unlike: null }
  }
}

export function Component() {
  const { rooms, total, currency } = useLoaderData<typeof loader>()
  const heading = useRef<HTMLHeadingElement>(null)
  const [announcement, setAnnouncement] = useState('')
  // A room leaves the list with the Unlike button that was pressed: the focus moves to the page's heading
  // (unless the person has moved it on already) and screen readers hear which room went.
  const onGone = useCallback((title: string) => {
    setAnnouncement(`Unliked ${title}.`)
    if (!document.activeElement || document.activeElement === document.body) heading.current?.focus()
  }, [])
  return (
    <section className="flex flex-col gap-6">
      <PageTitle title="Liked Rooms" />
      <p role="status" className="sr-only">
        {announcement}
      </p>
      <div>
        <h1 ref={heading} tabIndex={-1} className="text-3xl font-bold">
          Liked Rooms
        </h1>
        <p className="mt-1 text-base-content/80">
          The rooms you liked, newest first. Their posters’ email addresses and phone numbers are on each
          listing.
        </p>
      </div>
      {rooms.length === 0 ? (
        <LikedRoomsEmpty />
      ) : (
        <>
          <div>
            {total > rooms.length && (
              <p className="text-sm text-base-content/80">
                Showing the {rooms.length} you liked most recently, of {total}.
              </p>
            )}
            <CurrencyNote currency={currency} />
          </div>
          <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {rooms.map((room) => (
              <LikedRoomItem key={room._id} room={room} currency={currency} onGone={onGone} />
            ))}
          </ul>
        </>
      )}
    </section>
  )
}

export const ErrorBoundary = RouteErrorBoundary
