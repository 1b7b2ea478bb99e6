import { useEffect } from 'react'
import { PATHS } from '#shared/api.ts'
import type { LikedListing } from '#shared/likes.ts'
import { ListingCard } from '../listings/listing-card.tsx'
import { fullDate, timeAgo } from '../../lib/time-ago.ts'
import { UnlikeButton } from './unlike-button.tsx'
import { useUnlike } from './use-unlike.ts'

type LikedRoomItemProps = {
  room: LikedListing
  currency: string
  /** Called once the room has left the list (its like taken back), with its title. */
  onGone: (title: string) => void
}

/** A liked room: its card (which opens the details) and, below it, when it was liked and Unlike. */
export function LikedRoomItem({ room, currency, onGone }: LikedRoomItemProps) {
  const { unlike, isPending, answer } = useUnlike(room._id)
  const isGone = Boolean(answer?.unlike)
  useEffect(() => {
    if (isGone) onGone(room.title)
  }, [isGone, onGone, room.title])
  // Gone as soon as the server confirms, before the list reloads.
  if (isGone) return null
  return (
    <li className="flex flex-col gap-2">
      <ListingCard
        listing={room}
        currency={currency}
        headingLevel="h2"
        to={PATHS.dashboardDetails(room._id)}
      />
      <div className="flex flex-wrap items-center justify-between gap-2 px-1">
        <p className="text-sm text-base-content/80">
          Liked{' '}
          <time dateTime={room.likedAt} title={fullDate(room.likedAt)}>
            {timeAgo(room.likedAt)}
          </time>
        </p>
        <UnlikeButton
          isPending={isPending}
          onUnlike={() => void unlike()}
          title={room.title}
          className="btn-sm"
        />
      </div>
    </li>
  )
}
